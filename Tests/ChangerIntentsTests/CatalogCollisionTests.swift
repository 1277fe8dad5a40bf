import ChangerIntents
import IntentKit
import Testing

@Suite("Built-in catalog collision check")
struct CatalogCollisionTests {
    @Test("The built-in shortcuts pass the check on a fresh state")
    func freshStateIsClean() throws {
        let registry = try TestMagazines(["Magazine One"]).makeRegistry()
        let report = registry.checkCollisions()
        if !report.isClean { print(report.lines.joined(separator: "\n")) }
        #expect(report.isClean)
        #expect(!report.truncated)
    }
}
