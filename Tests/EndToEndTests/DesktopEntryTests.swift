import Foundation
import Testing
import TestSupport

/// The desktop entry MPRIS names (`DesktopEntry`) ships with the player and the set-up installs it.
@Suite("Desktop entry")
struct DesktopEntryTests {
    static let asset = ProjectPaths.root.appendingPathComponent("Assets/cdchanger.desktop").path
    static let installer = ProjectPaths.root.appendingPathComponent("scripts/install-desktop-entry.sh").path

    /// The lines of a desktop entry as key → value.
    static func entries(_ path: String) throws -> [String: String] {
        var entries: [String: String] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            entries[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return entries
    }

    @Test("the player's DesktopEntry names the shipped file, a valid entry for a terminal music player")
    func propertyNamesTheShippedFile() throws {
        let fixture = try PlayerFixture(bus: true)
        let bus = try #require(fixture.bus)
        let player = try fixture.startPlayer()
        #expect(waitUntil(timeout: 5) { (try? bus.names())?.contains(PrivateBus.mprisName) == true })
        let named = try bus.call("org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2", "DesktopEntry").output
        player.send(SIGINT)
        _ = player.waitForExit()
        #expect(named == "(<'cdchanger'>,)")
        #expect(URL(fileURLWithPath: Self.asset).deletingPathExtension().lastPathComponent == "cdchanger")
        let validated = try runProcess("desktop-file-validate", [Self.asset])
        #expect(validated.status == 0, "\(validated.output)\(validated.error)")
        let entries = try Self.entries(Self.asset)
        #expect(entries["Terminal"] == "true")
        #expect(entries["Type"] == "Application")
        let categories = Set((entries["Categories"] ?? "").split(separator: ";").map(String.init))
        #expect(categories.isSuperset(of: ["AudioVideo", "Audio", "Player"]))
    }

    @Test("the installer puts it in XDG_DATA_HOME, else ~/.local/share, with Exec quoted to run the binary it is given")
    func installerWritesAValidEntry() throws {
        let home = TemporaryFolder("cdc-home")
        let folder = home.url.appendingPathComponent("a folder $with \"quotes\"").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let binary = folder + "/cdchanger"
        try FileManager.default.copyItem(atPath: ProjectPaths.binary, toPath: binary)
        let data = home.path + "/data"
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home.path, "XDG_DATA_HOME": data]

        let installed = try runProcess(Self.installer, [binary], environment: environment)
        #expect(installed.status == 0, "\(installed.error)")
        #expect(installed.output == "Installed \(data)/applications/cdchanger.desktop (Exec: \(binary)).\n")
        let entry = data + "/applications/cdchanger.desktop"
        let validated = try runProcess("desktop-file-validate", [entry])
        #expect(validated.status == 0, "\(validated.output)\(validated.error)")
        let entries = try Self.entries(entry)
        #expect(entries["Exec"] == #""\#(home.path)/a folder \\$with \\"quotes\\"/cdchanger""#)
        #expect(entries["TryExec"] == binary)
        #expect(entries["Name"] == "CD Changer")

        let again = try runProcess(Self.installer, [binary], environment: environment)
        #expect(again.status == 0 && again.output.isEmpty, "an unchanged entry is left as it is, quietly")

        var withoutData = environment
        withoutData["XDG_DATA_HOME"] = nil
        #expect(try runProcess(Self.installer, [binary], environment: withoutData).status == 0)
        #expect(FileManager.default.fileExists(atPath: home.path + "/.local/share/applications/cdchanger.desktop"))

        let missing = try runProcess(Self.installer, [home.path + "/nothing"], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.error == "cdchanger: \(home.path)/nothing is not an executable file.\n")
    }
}
