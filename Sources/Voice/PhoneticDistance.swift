/// How alike two phone sequences sound: a weighted edit distance over CMU phones, divided by
/// the longer sequence's length (0 = same phones, 1 ≈ nothing in common).
///
/// Substituting a phone by one of the same kind costs less than by an unrelated one: vowels that
/// differ in one step (IH/IY, AH/AA), voiced/voiceless pairs (T/D, S/Z), stops with fricatives at
/// the same place (T/TH, D/DH) and nasals among themselves. Dropping a short vowel or an H costs
/// less than dropping a consonant: fast speech swallows them.
public enum PhoneticDistance {
    /// Phone classes for substitution costs.
    static let vowels: Set<String> = ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"]
    static let weakPhones: Set<String> = ["AH", "IH", "HH", "ER", "UH"]
    static let closePairs: Set<String> = Set([
        ("IH", "IY"), ("EH", "AE"), ("AH", "AA"), ("AH", "AO"), ("AA", "AO"), ("AH", "UH"), ("UH", "UW"), ("EH", "EY"),
        ("AH", "IH"), ("AH", "ER"), ("OW", "AO"), ("OW", "UW"), ("AY", "AA"), ("AW", "AA"), ("EY", "IY"),
        ("T", "D"), ("P", "B"), ("K", "G"), ("S", "Z"), ("F", "V"), ("SH", "ZH"), ("CH", "JH"), ("TH", "DH"),
        ("T", "TH"), ("D", "DH"), ("F", "TH"), ("S", "SH"), ("CH", "SH"), ("JH", "ZH"), ("M", "N"), ("N", "NG"),
        ("L", "R"), ("W", "V"), ("R", "ER"), ("Y", "IY"), ("W", "UW"), ("T", "CH"), ("D", "JH"),
    ].flatMap { ["\($0.0) \($0.1)", "\($0.1) \($0.0)"] })

    /// Cost of replacing phone `a` by `b`.
    static func substitution(_ a: String, _ b: String) -> Double {
        if a == b { return 0 }
        if closePairs.contains("\(a) \(b)") { return 0.35 }
        if vowels.contains(a) == vowels.contains(b) { return 0.75 }
        return 1
    }

    /// Cost of inserting or deleting `phone`.
    static func indel(_ phone: String) -> Double { weakPhones.contains(phone) ? 0.5 : 1 }

    /// Phone name → index into `costs`.
    static let phoneIndex: [String: UInt8] = Dictionary(
        uniqueKeysWithValues: PhoneMapping.cmuPhones.sorted().enumerated().map { ($0.element, UInt8($0.offset)) }
    )
    static let phoneNames: [String] = PhoneMapping.cmuPhones.sorted()
    /// Substitution costs between phone indices, and indel costs per phone.
    static let costs: [[Double]] = phoneNames.map { a in phoneNames.map { b in substitution(a, b) } }
    static let indels: [Double] = phoneNames.map(indel)

    /// Phones as indices for `distance(codes:_:)`; unknown phones are dropped.
    public static func codes(_ phones: [String]) -> [UInt8] { phones.compactMap { phoneIndex[$0] } }

    /// The normalised distance between two coded phone sequences; stops early (returning a
    /// value above `limit`) once every alignment is already worse than `limit`.
    public static func distance(codes a: [UInt8], _ b: [UInt8], limit: Double = .infinity) -> Double {
        if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty ? 0 : 1 }
        let scale = Double(max(a.count, b.count))
        let bound = limit * scale
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * (b.count + 1)) { rows in
            var previous = 0, current = b.count + 1
            rows[0] = 0
            for j in 1...b.count { rows[j] = rows[j - 1] + indels[Int(b[j - 1])] }
            for i in 1...a.count {
                let phone = Int(a[i - 1])
                let phoneCosts = costs[phone]
                rows[current] = rows[previous] + indels[phone]
                var best = rows[current]
                for j in 1...b.count {
                    let other = Int(b[j - 1])
                    let value = min(rows[previous + j - 1] + phoneCosts[other], rows[previous + j] + indels[phone],
                                    rows[current + j - 1] + indels[other])
                    rows[current + j] = value
                    best = min(best, value)
                }
                if best > bound { return best / scale }
                swap(&previous, &current)
            }
            return rows[previous + b.count] / scale
        }
    }

    /// The normalised distance between two phone sequences.
    public static func distance(_ a: [String], _ b: [String]) -> Double {
        distance(codes: codes(a), codes(b))
    }
}
