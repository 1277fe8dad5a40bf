import ChangerKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MusicLibrary
import Synchronization

/// Scans the music folder again for a running player, off the main thread: the library through
/// the scan cache (only changed files are read), then the albums that slots refer to outside it,
/// as opening the player does. The cache is kept between scans and written back when it changed.
final class LibraryRescan: Sendable {
    private let root: LibraryPath
    private let scanner: LibraryScanner
    private let store: ChangerStore
    private let cacheURL: URL
    private let cache: Mutex<ScanCache?> = Mutex(nil)

    init(context: ChangerContext) {
        root = context.musicFolder.path
        scanner = context.scanner
        store = context.store
        cacheURL = context.stateFile.scanCacheURL
    }

    /// The shelf as the music folder holds it now.
    func shelf() -> AlbumShelf {
        cache.withLock { kept in
            var cache = kept ?? ScanCache(contentsOf: cacheURL)
            let library = scanner.scan(root, cache: &cache)
            let slotFolders = store.state.rack.magazines.flatMap { $0.slots.compactMap { $0 } }
            let shelf = AlbumShelf(library: library, slotFolders: slotFolders, scanner: scanner, cache: &cache)
            // The cache only saves time; failing to write it is not worth a notice.
            if cache.isModified { try? cache.write(to: cacheURL) }
            kept = cache
            return shelf
        }
    }
}
