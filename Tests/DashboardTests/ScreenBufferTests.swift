import Testing
@testable import Dashboard

/// The cell grid: clipping, wide characters kept whole, frames.
@Suite struct ScreenBufferTests {
    @Test func writesAreClippedToTheGridAndTheLimit() {
        var buffer = ScreenBuffer(width: 10, height: 2)
        let end = buffer.write("Hello, world", x: 2, y: 0, role: .normal)
        #expect(end == 10)
        #expect(buffer.text(row: 0) == "  Hello, w")
        buffer.write("abcdef", x: -2, y: 1, role: .normal, limit: 3)
        #expect(buffer.text(row: 1) == "cde       ")
        buffer.write("ignored", x: 0, y: 5, role: .normal)
        #expect(buffer.lines.count == 2)
    }

    @Test func aWideCharacterTakesTwoCellsAndNeverSplits() {
        var buffer = ScreenBuffer(width: 5, height: 1)
        buffer.write("東京", x: 0, y: 0, role: .normal)
        #expect(buffer.span(x: 0, y: 0) == 2 && buffer.span(x: 1, y: 0) == 0)
        #expect(buffer.text(row: 0) == "東京 ")
        // Overwriting the second half of 東 blanks its first half.
        buffer.set(x: 1, y: 0, "x", role: .normal)
        #expect(buffer.text(row: 0) == " x京 ")
        // A wide character that does not fit at the edge becomes a space.
        buffer.write("夜", x: 4, y: 0, role: .normal)
        #expect(buffer.text(row: 0) == " x京 ")
        #expect(DisplayWidth.of(buffer.text(row: 0)) == 5)
    }

    @Test func aWideCharacterStopsBeforeTheLimitItWouldCross() {
        var buffer = ScreenBuffer(width: 8, height: 1)
        let end = buffer.write("ab東京", x: 0, y: 0, role: .normal, limit: 5)
        #expect(end == 5)
        #expect(buffer.text(row: 0) == "ab東    ")
    }

    @Test func boxDrawsAFrameWithATitle() {
        var buffer = ScreenBuffer(width: 12, height: 4)
        buffer.box(Rect(x: 0, y: 0, width: 12, height: 4), glyphs: .unicode, role: .frame, title: "Keys")
        #expect(buffer.lines == ["┌─ Keys ───┐", "│          │", "│          │", "└──────────┘"])
        var ascii = ScreenBuffer(width: 6, height: 3)
        ascii.box(ascii.bounds, glyphs: .ascii, role: .frame)
        #expect(ascii.lines == ["+----+", "|    |", "+----+"])
    }

    @Test func rightAlignedWritingEndsAtTheEdge() {
        var buffer = ScreenBuffer(width: 10, height: 1)
        let start = buffer.writeRight("14:05", in: buffer.bounds, role: .clock)
        #expect(start == 5)
        #expect(buffer.text(row: 0) == "     14:05")
        #expect(buffer.role(x: 5, y: 0) == .clock)
    }
}
