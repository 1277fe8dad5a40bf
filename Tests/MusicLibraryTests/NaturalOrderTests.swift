import MusicLibrary
import Testing

@Suite("Natural order of names")
struct NaturalOrderTests {
    @Test("names sort as people expect", arguments: [
        ("2 Song.mp3", "10 Song.mp3"),
        ("Track 9", "Track 10"),
        ("a", "B"),
        ("disc1", "disc01a"),
        ("Album 2", "Album 2 (Live)"),
        ("007", "8"),
        ("x99999999999999999999999", "x100000000000000000000000"),
    ])
    func ordersPairs(first: String, second: String) {
        #expect(NaturalOrder.areInIncreasingOrder(first, second))
        #expect(!NaturalOrder.areInIncreasingOrder(second, first))
    }

    @Test("the order is total: names differing only in case or leading zeros still order one way")
    func totalOrder() {
        #expect(NaturalOrder.compare(Array("a".utf8), Array("A".utf8)) != 0)
        #expect(NaturalOrder.compare(Array("01".utf8), Array("1".utf8)) != 0)
        #expect(NaturalOrder.compare(Array("same".utf8), Array("same".utf8)) == 0)
    }

    @Test("a sorted list of file names")
    func sortsList() {
        let names = ["10.mp3", "1.mp3", "2.mp3", "track 3.mp3", "Track 20.mp3", "track 4.mp3"]
        #expect(names.sorted(by: NaturalOrder.areInIncreasingOrder) == ["1.mp3", "2.mp3", "10.mp3", "track 3.mp3", "track 4.mp3", "Track 20.mp3"])
    }
}
