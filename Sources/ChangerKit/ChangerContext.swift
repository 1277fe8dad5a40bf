#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary

/// Where the music comes from and why: the first of `--library DIR`, `$CDCHANGER_LIBRARY`, the
/// settings file's `library`, `~/Music` when it holds albums, and the demo library bundled with CD Changer.
public struct MusicFolder: Equatable, Sendable {
    public var path: LibraryPath
    public var source: Source

    public enum Source: String, Sendable {
        case option = "--library"
        case environment = "$CDCHANGER_LIBRARY"
        case settings = "the settings file"
        case homeMusic = "~/Music"
        case demo = "the demo library"
    }

    /// `configured` is the settings file's music folder, if it names one.
    public static func locate(
        option: String?, environment: [String: String], configured: String? = nil, executablePath: String = CommandLine.arguments[0]
    ) -> MusicFolder {
        if let option, !option.isEmpty { return MusicFolder(path: LibraryPath(option), source: .option) }
        if let value = environment["CDCHANGER_LIBRARY"], !value.isEmpty { return MusicFolder(path: LibraryPath(value), source: .environment) }
        if let configured, !configured.isEmpty { return MusicFolder(path: LibraryPath(configured), source: .settings) }
        let music = LibraryPath(home(environment)).appending("Music")
        if LibraryScanner.holdsAlbums(music) { return MusicFolder(path: music, source: .homeMusic) }
        return MusicFolder(path: demoLibrary(environment: environment, executablePath: executablePath), source: .demo)
    }

    /// `$HOME`, else the user's home folder from the password database.
    static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// What the user should be told about this folder and what was found in it, or nil when it
    /// holds albums the user chose: the demo library used because `~/Music` holds none, a folder
    /// that holds none, a folder that isn't there. Paths in the home folder are written `~/…`.
    /// `trackFiles` names the files a disc holds (`LibraryScanner.trackFilesDescription`:
    /// ".mp3, .flac, .ogg or .opus files").
    public func notice(albumCount: Int, exists: Bool, trackFiles: String, environment: [String: String]) -> String? {
        let home = MusicFolder.home(environment)
        let shown = MusicFolder.tildeAbbreviated(path.displayName, home: home)
        let remedy = "Put folders of \(trackFiles) there, or start with --library DIR."
        switch source {
        case .demo where !exists || albumCount == 0:
            return "No albums in ~/Music, and the demo library is missing (\(shown)). Put folders of \(trackFiles) in ~/Music, or start with --library DIR."
        case .demo:
            return "No albums in ~/Music, so CD Changer plays its demo library. Put folders of \(trackFiles) in ~/Music, or start with --library DIR."
        case _ where !exists:
            return "There is no music folder \(shown) (it comes from \(source.rawValue)). Create it and put folders of \(trackFiles) there, or start with --library DIR."
        case _ where albumCount == 0:
            return "No albums in \(shown). \(remedy)"
        default:
            return nil
        }
    }

    /// "/home/ann/Music" → "~/Music" when the home folder is /home/ann.
    static func tildeAbbreviated(_ path: String, home: String) -> String {
        guard !home.isEmpty, home != "/" else { return path }
        let folder = home.hasSuffix("/") ? String(home.dropLast()) : home
        if path == folder { return "~" }
        return path.hasPrefix(folder + "/") ? "~" + path.dropFirst(folder.count) : path
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
    /// What a player (and `library`) should say about the music folder: no albums in it, or the
    /// demo library used instead of an empty `~/Music` (see `MusicFolder.notice`). A folder that
    /// isn't there is said by every command: it is among `notices`.
    public let musicFolderNotice: String?
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
    /// `configuredLibrary` is the settings file's music folder; with `scansLibrary` false the albums
    /// come from the last scan's cache when it has any (`scan-on-start = no`).
    public init(
        stateDirectory: String?, libraryOption: String?, environment: [String: String],
        configuredLibrary: String? = nil, scansLibrary: Bool = true,
        scanner: LibraryScanner = LibraryScanner(), rereadsBeforeEdits: Bool = false, scan: Scan = .now(progress: nil)
    ) {
        let stateFile = StateFile(directory: StateFile.directory(option: stateDirectory, environment: environment))
        let musicFolder = MusicFolder.locate(option: libraryOption, environment: environment, configured: configuredLibrary)
        var notices: [String] = []
        var cache = ScanCache(contentsOf: stateFile.scanCacheURL)
        let outcome = stateFile.load()
        let folderExists = musicFolder.path.isDirectory

        var pendingScan: LibrarySurvey?
        let library: Library
        if !folderExists {
            library = Library(root: musicFolder.path, albums: [])
        } else if !scansLibrary, let remembered = scanner.rememberedLibrary(musicFolder.path, cache: cache) {
            library = remembered
        } else {
            let survey = scanner.survey(musicFolder.path)
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
        }
        notices += library.problems
        // While the rest is read in the background, the survey knows how many albums there are.
        let albumCount = pendingScan?.folderPaths.count ?? library.albums.count
        let folderNotice = musicFolder.notice(albumCount: albumCount, exists: folderExists, trackFiles: scanner.trackFilesDescription, environment: environment)
        if folderExists || musicFolder.source == .demo {
            musicFolderNotice = folderNotice
        } else {
            notices += folderNotice.map { [$0] } ?? []
            musicFolderNotice = nil
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
        let store = ChangerStore(file: stateFile, state: state, rereadsBeforeEdits: rereadsBeforeEdits)
        if saveFreshState, let error = store.saveFirstState() {
            notices.append("\(error) Changes are kept in memory.")
        }
        let slotFolders = store.state.rack.magazines.flatMap { $0.slots.compactMap { $0 } }
        let shelf = AlbumShelf(library: library, slotFolders: slotFolders, scanner: scanner, cache: &cache)
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
