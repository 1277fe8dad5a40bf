import AudioDecoding
import MPEGAudio
import Testing

/// An MP3's genre, as libmpg123 hands over ID3v2's `TCON` text or ID3v1's genre byte, becomes a
/// name: ID3's numbers through the ID3v1 list, a refinement in place of its number.
@Suite("ID3 genres")
struct ID3GenreTests {
    @Test("TCON text becomes a genre name", arguments: [
        ("Ambient", "Ambient"),
        ("(26)", "Ambient"),
        ("(98)", "Easy Listening"),
        ("(26)Dark Ambient", "Dark Ambient"),
        ("(17)(26)", "Rock"),
        ("((Parenthesised) Folk", "(Parenthesised) Folk"),
        ("(RX)", "Remix"),
        ("(147)", "Synthpop"),
        ("(200)", nil),
        ("  Jazz  ", "Jazz"),
    ] as [(String, String?)])
    func version2(tcon: String, expected: String?) throws {
        let tone = try EncodedTone(frames: 20_000, synth: "440", lameOptions: ["--id3v2-only", "--tv", "TCON=\(tcon)"])
        #expect(try MPEGDecoder(path: Array(tone.path.utf8)).tags.genre == expected)
    }

    @Test("ID3v1's genre byte becomes a genre name; none written (255) is none", arguments: [
        (0, "Blues"), (26, "Ambient"), (79, "Hard Rock"), (98, "Easy Listening"), (147, "Synthpop"), (nil, nil),
    ] as [(Int?, String?)])
    func version1(number: Int?, expected: String?) throws {
        let genre = number.map { ["--tg", String($0)] } ?? []
        let tone = try EncodedTone(frames: 20_000, synth: "440", lameOptions: ["--id3v1-only", "--tt", "Tone"] + genre)
        let tags = try MPEGDecoder(path: Array(tone.path.utf8)).tags
        #expect(tags.title == "Tone", "the ID3v1 tag was read")
        #expect(tags.genre == expected)
    }
}
