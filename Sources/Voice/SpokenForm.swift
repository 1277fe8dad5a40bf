import IntentKit

/// How a written phrase or name is said, as grammar words: lowercase, diacritics folded,
/// digits and ordinals spelled ("Blink-182" → blink one hundred eighty two), apostrophes kept
/// where the dictionary spells the word with one ("what's").
public struct SpokenForm: Sendable, Hashable {
    /// The grammar words.
    public let words: [String]
    /// The written text each word came from, for pronouncing words outside the dictionary
    /// ("calderon" came from "Calderón": espeak-ng reads the accent).
    public let sources: [String]

    /// The spoken form of `text`; `hasApostropheForm` tells whether the dictionary knows a word
    /// with its apostrophe ("what's").
    public init(_ text: String, hasApostropheForm: (String) -> Bool) {
        var words: [String] = []
        var sources: [String] = []
        for piece in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let tokens = Normalizer.tokens(of: String(piece))
            let withApostrophe = Self.keepingApostrophe(String(piece))
            if tokens.count == 1, let withApostrophe, withApostrophe.replacingApostrophes == tokens[0],
               hasApostropheForm(withApostrophe) {
                words.append(withApostrophe)
                sources.append(String(piece))
                continue
            }
            for token in tokens {
                if let spelled = SpokenNumbers.words(forToken: token) {
                    words += spelled
                    sources += spelled
                } else {
                    words.append(token)
                    sources.append(tokens.count == 1 ? String(piece) : token)
                }
            }
        }
        self.words = words
        self.sources = sources
    }

    /// The piece lowercased, letters and apostrophes only ("What's," → "what's"), if it has an
    /// apostrophe inside.
    private static func keepingApostrophe(_ piece: String) -> String? {
        let kept = piece.lowercased().filter { $0.isLetter || $0 == "'" || $0 == "’" }
            .map { $0 == "’" ? "'" : $0 }
        let text = String(kept)
        guard text.contains("'"), text.first != "'", text.last != "'", text.allSatisfy({ $0.isASCII }) else { return nil }
        return text
    }

    /// The words joined by spaces.
    public var text: String { words.joined(separator: " ") }
}

extension String {
    var replacingApostrophes: String { filter { $0 != "'" } }
}
