#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// Where the music comes from and why: the first of `--library DIR`, `$CDCHANGER_LIBRARY`,
/// `~/Music` when it holds albums, and the demo library bundled with CD Changer.
public struct MusicFolder: Equatable, Sendable {
    public var path: LibraryPath
    public var source: Source

    public enum Source: String, Sendable {
        case option = "--library"
        case environment = "$CDCHANGER_LIBRARY"
        case homeMusic = "~/Music"
        case demo = "the demo library"
    }

    public static func locate(option: String?, environment: [String: String], executablePath: String = CommandLine.arguments[0]) -> MusicFolder {
        if let option, !option.isEmpty { return MusicFolder(path: LibraryPath(option), source: .option) }
        if let value = environment["CDCHANGER_LIBRARY"], !value.isEmpty { return MusicFolder(path: LibraryPath(value), source: .environment) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        let music = LibraryPath(home).appending("Music")
        if LibraryScanner.holdsAlbums(music) { return MusicFolder(path: music, source: .homeMusic) }
        return MusicFolder(path: demoLibrary(environment: environment, executablePath: executablePath), source: .demo)
    }

    /// The bundled demo library: `$CDCHANGER_DEMO_LIBRARY`, else `Assets/DemoLibrary` found by
    /// walking up from the executable (a build inside the source tree), else `../share/cdchanger/DemoLibrary`.
    public static func demoLibrary(environment: [String: String], executablePath: String) -> LibraryPath {
        if let value = environment["CDCHANGER_DEMO_LIBRARY"], !value.isEmpty { return LibraryPath(value) }
        let executable = LibraryPath(executablePath).resolved() ?? LibraryPath(executablePath)
        var folder = executable.parent
        for _ in 0..<8 {
            let candidate = folder.appending("Assets").appending("DemoLibrary")
            if candidate.isDirectory { return candidate }
            if folder.bytes == Array("/".utf8) { break }
            folder = folder.parent
        }
        return executable.parent.parent.appending("share/cdchanger/DemoLibrary")
    }
}

/// Everything a command needs, opened in one step: the state folder and its store, the music
/// folder scanned (through the cache), and the notices the user should see (a state file that
/// was moved aside, folders that could not be read).
public struct ChangerContext: Sendable {
    public let stateFile: StateFile
    public let musicFolder: MusicFolder
    public let scanner: LibraryScanner
    public var shelf: AlbumShelf
    public let store: ChangerStore
    public private(set) var notices: [String]
    /// The rest of the scan, when it was left for later (`Scan.leavingLongReadsForLater`): the
    /// survey, of which only the discs in the slots have been read.
    public let pendingScan: LibrarySurvey?

    /// When the library's files are read.
    public enum Scan: Sendable {
        /// All of them now; `progress` hears how far reading has come (a first scan of a large library).
        case now(progress: (@Sendable (ScanProgress) -> Void)?)
        /// Now, unless more than `ChangerContext.backgroundThreshold` files are unknown to the cache:
        /// then only the discs in the slots now, and the rest later (`pendingScan`), so a player
        /// can open at once and read the rest in the background.
        case leavingLongReadsForLater
    }

    /// More unknown files than this, and a player reads the library in the background.
    public static let backgroundThreshold = 400

    /// `rereadsBeforeEdits`: this process is short-lived and other processes may edit the state
    /// meanwhile (see `ChangerStore`); a player, which owns the state while it runs, passes false.
    public init(
        stateDirectory: String?, libraryOption: String?, environment: [String: String],
        scanner: LibraryScanner = LibraryScanner(), rereadsBeforeEdits: Bool = false, scan: Scan = .now(progress: nil)
    ) {
        let stateFile = StateFile(directory: StateFile.directory(option: stateDirectory, environment: environment))
        let musicFolder = MusicFolder.locate(option: libraryOption, environment: environment)
        var notices: [String] = []
        var cache = ScanCache(contentsOf: stateFile.scanCacheURL)
        let survey = scanner.survey(musicFolder.path)
        notices += survey.problems
        let outcome = stateFile.load()

        var pendingScan: LibrarySurvey?
        let library: Library
        switch scan {
        case .leavingLongReadsForLater where survey.unreadCount(in: cache) > ChangerContext.backgroundThreshold:
            let inSlots = outcome.state.map { $0.rack.magazines.flatMap { $0.slots.compactMap { $0 } } }
                ?? Array(survey.folderPaths.prefix(Magazine.defaultSlotCount))
            library = scanner.read(survey, only: Set(inSlots), cache: &cache)
            pendingScan = survey
        case .leavingLongReadsForLater:
            library = scanner.read(survey, cache: &cache)
        case .now(let progress):
            library = scanner.read(survey, cache: &cache, progress: progress)
        }

        let state: ChangerState
        var saveFreshState = false
        switch outcome {
        case .loaded(let loaded):
            state = loaded
        case .none:
            state = .fresh(library: library)
            saveFreshState = true
        case let outcome:
            notices.append(outcome.notice!)
            state = .fresh(library: library)
            if case .unusable(_, .some, _) = outcome { saveFreshState = true }
        }
        let slotFolders = state.rack.magazines.flatMap { $0.slots.compactMap { $0 } }
        let shelf = AlbumShelf(library: library, slotFolders: slotFolders, scanner: scanner, cache: &cache)
        let store = ChangerStore(file: stateFile, state: state, rereadsBeforeEdits: rereadsBeforeEdits)
        if saveFreshState, let error = store.save() {
            notices.append("\(error) Changes are kept in memory.")
        }
        if cache.isModified {
            try? stateFile.createDirectory()
            // The cache only saves time; failing to write it is not worth a notice.
            try? cache.write(to: stateFile.scanCacheURL)
        }
        self.stateFile = stateFile
        self.musicFolder = musicFolder
        self.scanner = scanner
        self.shelf = shelf
        self.store = store
        self.notices = notices
        self.pendingScan = pendingScan
    }

    /// Finds an album by folder or title, remembering albums found outside the music folder.
    public mutating func findAlbum(_ query: String) -> Result<Album, AlbumLookupError> {
        var cache = ScanCache(contentsOf: stateFile.scanCacheURL)
        let result = shelf.findAlbum(query, scanner: scanner, cache: &cache)
        if case .success(let album) = result { shelf.add(album) }
        return result
    }
}
