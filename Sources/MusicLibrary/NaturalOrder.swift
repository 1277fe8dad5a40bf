/// "Natural" ordering of names as people expect in a file list: runs of digits compare by
/// their numeric value ("2" before "10"), letters compare without regard to ASCII case.
public enum NaturalOrder {
    /// Negative, zero or positive as `lhs` sorts before, equal to, or after `rhs`.
    public static func compare<Left: Collection, Right: Collection>(_ lhs: Left, _ rhs: Right) -> Int
    where Left.Element == UInt8, Right.Element == UInt8 {
        var left = lhs.startIndex
        var right = rhs.startIndex
        while left != lhs.endIndex, right != rhs.endIndex {
            let a = lhs[left], b = rhs[right]
            if isDigit(a), isDigit(b) {
                let leftRun = digitRun(lhs, from: left)
                let rightRun = digitRun(rhs, from: right)
                let order = compareNumbers(lhs[left..<leftRun], rhs[right..<rightRun])
                if order != 0 { return order }
                left = leftRun
                right = rightRun
                continue
            }
            let x = lowercased(a), y = lowercased(b)
            if x != y { return x < y ? -1 : 1 }
            left = lhs.index(after: left)
            right = rhs.index(after: right)
        }
        if left == lhs.endIndex, right == rhs.endIndex {
            // Equal apart from case or leading zeros: fall back to plain byte order so the order is total.
            return lhs.lexicographicallyPrecedes(rhs) ? -1 : (rhs.lexicographicallyPrecedes(lhs) ? 1 : 0)
        }
        return left == lhs.endIndex ? -1 : 1
    }

    /// Natural order for text.
    public static func areInIncreasingOrder(_ lhs: String, _ rhs: String) -> Bool {
        compare(Array(lhs.utf8), Array(rhs.utf8)) < 0
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func digitRun<Bytes: Collection>(_ bytes: Bytes, from start: Bytes.Index) -> Bytes.Index where Bytes.Element == UInt8 {
        var end = start
        while end != bytes.endIndex, isDigit(bytes[end]) { end = bytes.index(after: end) }
        return end
    }

    /// Compares two digit runs by value, without overflow for long runs: strip leading zeros, then longer is larger.
    private static func compareNumbers<Left: Collection, Right: Collection>(_ lhs: Left, _ rhs: Right) -> Int
    where Left.Element == UInt8, Right.Element == UInt8 {
        let a = lhs.drop { $0 == UInt8(ascii: "0") }
        let b = rhs.drop { $0 == UInt8(ascii: "0") }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }
}
