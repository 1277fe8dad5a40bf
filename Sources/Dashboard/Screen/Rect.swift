/// A rectangle of cells: column `x`, row `y`, `width` columns by `height` rows.
struct Rect: Equatable, Sendable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var isEmpty: Bool { width <= 0 || height <= 0 }
    var description: String { "\(width)×\(height)@\(x),\(y)" }

    /// The rectangle shrunk by `dx` columns on each side and `dy` rows at top and bottom.
    func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The first `rows` rows, and the rest.
    func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: taken), Rect(x: x, y: y + taken, width: width, height: height - taken))
    }

    /// The last `rows` rows, and the rest.
    func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - taken), Rect(x: x, y: maxY - taken, width: width, height: taken))
    }

    /// The first `columns` columns, and the rest.
    func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: taken, height: height), Rect(x: x + taken, y: y, width: width - taken, height: height))
    }

    /// One row of this rectangle (relative to its top), empty when outside.
    func row(_ index: Int) -> Rect {
        guard index >= 0, index < height else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: x, y: y + index, width: width, height: 1)
    }

    /// A rectangle of at most `width`×`height` centred in this one.
    func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width), h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }
}
