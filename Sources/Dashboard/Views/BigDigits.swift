/// Large figures for the disc and track numbers, readable from the driver's seat.
///
/// `compact` and `tall` use a 3×5 pixel font: `compact` packs two pixel rows into one text row
/// with half blocks (3 columns × 3 rows per figure), `tall` draws every pixel as two full-block
/// columns (6 columns × 5 rows). `huge` uses a rounder 5×7 font the same way (10 columns × 7 rows),
/// for large terminals.
enum BigDigits {
    enum Size: Sendable {
        case compact, tall, huge

        var rows: Int {
            switch self {
            case .compact: 3
            case .tall: 5
            case .huge: 7
            }
        }

        var figureWidth: Int {
            switch self {
            case .compact: 3
            case .tall: 6
            case .huge: 10
            }
        }

        var gap: Int { self == .huge ? 2 : 1 }
    }

    /// The 5×7 font for `huge`, "#" on; index 10 is a dash.
    private static let roundFont: [[String]] = [
        [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],  // 0
        ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],  // 1
        [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],  // 2
        ["#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."],  // 3
        ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],  // 4
        ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],  // 5
        ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],  // 6
        ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],  // 7
        [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],  // 8
        [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],  // 9
        [".....", ".....", ".....", "#####", ".....", ".....", "....."],  // -
    ]

    /// Pixel rows of each figure: "#" on, "." off. Index 10 is a dash, for "no disc".
    private static let font: [[String]] = [
        ["###", "#.#", "#.#", "#.#", "###"],  // 0
        [".#.", "##.", ".#.", ".#.", "###"],  // 1
        ["###", "..#", "###", "#..", "###"],  // 2
        ["###", "..#", "###", "..#", "###"],  // 3
        ["#.#", "#.#", "###", "..#", "..#"],  // 4
        ["###", "#..", "###", "..#", "###"],  // 5
        ["###", "#..", "###", "#.#", "###"],  // 6
        ["###", "..#", "..#", "..#", "..#"],  // 7
        ["###", "#.#", "###", "#.#", "###"],  // 8
        ["###", "#.#", "###", "..#", "###"],  // 9
        ["...", "...", "###", "...", "..."],  // -
    ]

    /// The figures of `text` ("0"–"9" and "-"; anything else draws as blank), one string per row.
    static func render(_ text: String, size: Size, glyphs: Glyphs) -> [String] {
        let pixelFont = size == .huge ? roundFont : font
        let blank = Array(repeating: String(repeating: ".", count: pixelFont[0][0].count), count: pixelFont[0].count)
        let figures: [[String]] = text.map { character in
            if let digit = character.wholeNumberValue, digit < 10, character.isASCII { return pixelFont[digit] }
            return character == "-" ? pixelFont[10] : blank
        }
        var rows = Array(repeating: "", count: size.rows)
        for (index, figure) in figures.enumerated() {
            if index > 0 { for row in rows.indices { rows[row] += String(repeating: " ", count: size.gap) } }
            let drawn = draw(figure, size: size, glyphs: glyphs)
            for row in rows.indices { rows[row] += drawn[row] }
        }
        return rows
    }

    /// Columns that `count` figures take.
    static func width(of count: Int, size: Size) -> Int {
        count <= 0 ? 0 : count * size.figureWidth + (count - 1) * size.gap
    }

    private static func draw(_ figure: [String], size: Size, glyphs: Glyphs) -> [String] {
        let pixels = figure.map { $0.map { $0 == "#" } }
        switch size {
        case .tall, .huge:
            return pixels.map { row in String(row.flatMap { $0 ? [glyphs.full, glyphs.full] : [" ", " "] }) }
        case .compact:
            return stride(from: 0, to: 5, by: 2).map { top in
                let upper = pixels[top]
                let lower = top + 1 < pixels.count ? pixels[top + 1] : [false, false, false]
                return String(zip(upper, lower).map { pair -> Character in
                    switch pair {
                    case (true, true): return glyphs.full
                    case (true, false): return glyphs.upper
                    case (false, true): return glyphs.lower
                    case (false, false): return " "
                    }
                })
            }
        }
    }
}
