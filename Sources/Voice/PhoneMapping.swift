/// espeak-ng's phoneme mnemonics (en-us, ascii mode) mapped onto the 39 CMU phones of
/// PocketSphinx's en-us model. Stress marks are dropped; the model has no stress.
///
/// The table was checked against cmudict: `voice-lab phonemap-check` phonemizes dictionary words
/// with espeak-ng and reports how often the mapped phones agree (docs/voice.md).
public enum PhoneMapping {
    /// The 39 phones of the en-us model (plus SIL, which no word uses).
    public static let cmuPhones: Set<String> = [
        "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH", "IY",
        "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH",
    ]

    /// espeak mnemonic → CMU phones. Vowels follow General American (espeak's en-us voice).
    public static let table: [String: [String]] = [
        // Vowels
        "@": ["AH"], "@2": ["AH"], "@5": ["AH"], "@-": ["AH"], "a#": ["AH"], "V": ["AH"],
        "@L": ["AH", "L"], "3": ["ER"], "3:": ["ER"], "a": ["AE"], "aa": ["AE"], "a2": ["AE"],
        "A:": ["AA"], "A@": ["AA", "R"], "0": ["AA"], "02": ["AA"], "A~": ["AA", "N"],
        "O": ["AO"], "O:": ["AO"], "O2": ["AO"], "O@": ["AO", "R"], "o@": ["AO", "R"], "O~": ["AO", "N"],
        "OI": ["OY"], "oU": ["OW"], "o": ["OW"], "E": ["EH"], "e": ["EH"], "E2": ["EH"], "e@": ["EH", "R"],
        "eI": ["EY"], "i": ["IY"], "i:": ["IY"], "I": ["IH"], "I#": ["IH"], "I2": ["IH"],
        "i@": ["IH", "R"], "i@3": ["IH", "R"], "U": ["UH"], "U@": ["UH", "R"], "u:": ["UW"], "u": ["UW"],
        "aI": ["AY"], "aI@": ["AY", "ER"], "aI3": ["AY", "ER"], "aU": ["AW"], "aU@": ["AW", "ER"],
        // Consonants
        "p": ["P"], "b": ["B"], "t": ["T"], "t#": ["T"], "t2": ["T"], "d": ["D"], "d#": ["D"],
        "k": ["K"], "g": ["G"], "x": ["K"], "f": ["F"], "v": ["V"], "T": ["TH"], "D": ["DH"],
        "s": ["S"], "z": ["Z"], "S": ["SH"], "Z": ["ZH"], "h": ["HH"], "C": ["HH"],
        "tS": ["CH"], "dZ": ["JH"], "m": ["M"], "n": ["N"], "N": ["NG"], "l": ["L"], "r": ["R"], "r-": ["R"],
        "w": ["W"], "j": ["Y"], "n-": ["AH", "N"], "m-": ["AH", "M"], "l-": ["AH", "L"],
        // Marks that carry no phone: glottal stop, palatalisation, length, pauses.
        "?": [], ";": [], ":": [], "_": [], "_:": [], "||": [], "|": [],
    ]

    /// Maps espeak mnemonics (already split at the separator, stress marks still attached) onto
    /// CMU phones. Returns the phones and any symbols the table does not know (the caller reports
    /// them: a name is never dropped silently).
    public static func cmuPhones(fromEspeak symbols: [String]) -> (phones: [String], unknown: [String]) {
        var phones: [String] = []
        var unknown: [String] = []
        for raw in symbols {
            let symbol = String(raw.drop { $0 == "'" || $0 == "," || $0 == "=" })
            if symbol.isEmpty { continue }
            if let mapped = table[symbol] {
                phones += mapped
            } else {
                unknown.append(symbol)
            }
        }
        return (collapsingRhotics(phones), unknown)
    }

    /// espeak writes a rhotic vowel and then `r-` ("member" → m E m b 3 r-): CMU writes ER alone.
    /// Collapses R after ER (and after a vowel+R pair) and doubled phones.
    static func collapsingRhotics(_ phones: [String]) -> [String] {
        var result: [String] = []
        for phone in phones {
            if phone == "R", let last = result.last, last == "ER" || last == "R" { continue }
            result.append(phone)
        }
        return result
    }
}
