import Foundation
import Testing
import TestSupport

/// The acoustic collision check: a magazine name that sounds like a phrase ("Disco Tree" and
/// "disc three") is warned about when it is made and reported by `shortcuts --check`.
@Suite("Sound-alike names")
struct SoundAlikeCheckTests {
    @Test("a fresh state has no sound-alike names; creating “Disco Tree” warns and the check reports it")
    func discoTreeSoundsLikeDiscThree() throws {
        let fixture = try PlayerFixture()
        let fresh = try fixture.run("shortcuts", "--check")
        #expect(fresh.output.contains("Sound-alike check: 0 name(s) that sound like a phrase or another name, 0 pair(s) of phrases that sound alike."), "\(fresh.output)")
        #expect(fresh.status == 0, "\(fresh.output)")

        let created = try fixture.run("magazine", "create", "Disco Tree")
        #expect(created.status == 0, "\(created.error)")
        #expect(created.error.contains("\u{201C}Disco Tree\u{201D} (magazine) sounds like \u{201C}disc three\u{201D}"), "\(created.error)")

        let checked = try fixture.run("shortcuts", "--check")
        #expect(checked.status == 1)
        #expect(checked.output.contains("Names that sound like other phrases"), "\(checked.output)")
        #expect(checked.output.contains("Sound-alike check: 1 name(s) that sound like a phrase or another name, 0 pair(s)"), "\(checked.output)")

        let renamed = try fixture.run("magazine", "rename", "Disco Tree", "Jazz Evenings")
        #expect(renamed.status == 0, "\(renamed.error)")
        #expect(!renamed.error.contains("sounds like"), "\(renamed.error)")
        #expect(try fixture.run("shortcuts", "--check").status == 0)
    }
}
