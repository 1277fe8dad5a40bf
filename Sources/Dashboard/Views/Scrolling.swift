/// Which part of a list to show in a number of rows so one item stays in view.
enum Scrolling {
    /// The range of item indices shown when `count` items share `rows` rows and `focus` must be
    /// visible: the focus sits about a third of the way down when the list is longer than the rows.
    static func window(count: Int, rows: Int, focus: Int) -> Range<Int> {
        guard count > 0, rows > 0 else { return 0..<0 }
        if count <= rows { return 0..<count }
        let clamped = min(max(0, focus), count - 1)
        let start = min(max(0, clamped - rows / 3), count - rows)
        return start..<(start + rows)
    }
}
