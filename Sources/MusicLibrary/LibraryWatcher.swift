#if canImport(Glibc)
import Glibc
#endif
import AudioDecoding
import BuiltInDecoders
import Synchronization
import SystemSupport

/// Watches a music folder and everything below it for albums being added, renamed or removed,
/// and says so once things have settled.
///
/// Every folder gets an inotify watch for entries created, deleted, moved in or out, and files
/// finished writing; hidden entries and files no registered decoder reads are ignored. Changes come in
/// bursts (a copied album is a folder and a dozen files), so `onChange` is called once a burst
/// has been quiet for ``quietPeriod`` (and at the latest ``longestDelay`` after it began), on the
/// watcher's own thread (`cdc-library`). After a change of folders the watches are laid anew over
/// the tree as it now is.
///
/// The corresponding C functions are `inotify_init1`, `inotify_add_watch`, `inotify_rm_watch`,
/// `read`, `poll` and `close`.
public final class LibraryWatcher: Sendable {
    /// How long a burst of changes must be quiet before `onChange` is called.
    public static let quietPeriod = 0.15
    /// The longest a burst delays `onChange`.
    public static let longestDelay = 0.6

    private static let folderEvents = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)

    private let descriptor: Int32
    private let root: LibraryPath
    private let decoders: DecoderRegistry
    private let stopSignal: EventCounter
    /// Watch descriptor → folder, touched only by the watcher's thread (and `init`, before it starts).
    private let folders = Mutex<[Int32: LibraryPath]>([:])
    private let thread = Mutex<WorkerThread?>(nil)
    private let onChange: @Sendable () -> Void
    private let onProblem: @Sendable (String) -> Void
    private let reportedLimit = Atomic<Bool>(false)

    /// Starts watching `root`. `onChange` runs on the watcher's thread after each settled burst of
    /// changes; `onProblem` once if not every folder can be watched (the system's watch limit).
    /// Files count when one of `decoders` reads them.
    public init(root: LibraryPath, decoders: DecoderRegistry = .builtIn, onChange: @escaping @Sendable () -> Void, onProblem: @escaping @Sendable (String) -> Void) throws(SystemCallError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw SystemCallError(call: "inotify_init1", code: errno) }
        self.descriptor = descriptor
        self.root = root.resolved() ?? root
        self.decoders = decoders
        self.onChange = onChange
        self.onProblem = onProblem
        do {
            stopSignal = try EventCounter()
        } catch {
            close(descriptor)
            throw error
        }
        layWatches()
        thread.withLock { $0 = try? WorkerThread(name: "cdc-library") { [self] in run() } }
    }

    deinit { close(descriptor) }

    /// Stops the watcher's thread; no `onChange` follows.
    public func stop() {
        stopSignal.signal()
        let worker = thread.withLock { worker -> WorkerThread? in
            defer { worker = nil }
            return worker
        }
        worker?.join(timeout: 2)
    }

    /// How many folders are watched.
    public var watchedFolders: Int { folders.withLock { $0.count } }

    // MARK: The watcher's thread

    private func run() {
        var burstStart: Double?
        var lastEvent = 0.0
        var foldersChanged = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            var timeout: Int32 = -1
            if let burstStart {
                let due = min(lastEvent + LibraryWatcher.quietPeriod, burstStart + LibraryWatcher.longestDelay)
                timeout = Int32(max(0, (due - LibraryWatcher.now()) * 1000).rounded(.up))
            }
            var polled = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 2, timeout)
            if ready < 0, errno != EINTR { return }
            if polled[1].revents != 0 { return }
            if polled[0].revents & Int16(POLLIN) != 0 {
                let (relevant, structural) = readEvents(into: &buffer)
                if relevant {
                    lastEvent = LibraryWatcher.now()
                    if burstStart == nil { burstStart = lastEvent }
                    foldersChanged = foldersChanged || structural
                }
                continue
            }
            if let start = burstStart, LibraryWatcher.now() >= min(lastEvent + LibraryWatcher.quietPeriod, start + LibraryWatcher.longestDelay) - 0.001 {
                burstStart = nil
                if foldersChanged { layWatches() }
                foldersChanged = false
                onChange()
            }
        }
    }

    /// Reads what the kernel has queued: whether any of it concerns albums, and whether folders
    /// came, went or moved (then the watches are laid again).
    private func readEvents(into buffer: inout [UInt8]) -> (relevant: Bool, structural: Bool) {
        var relevant = false
        var structural = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let (mask, nameLength, name) = buffer.withUnsafeBytes { raw -> (UInt32, Int, [UInt8]) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let start = offset + headerSize
                    let bytes = raw[start..<min(count, start + Int(event.len))]
                    return (event.mask, Int(event.len), Array(bytes.prefix { $0 != 0 }))
                }
                offset += headerSize + nameLength
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    relevant = true
                    structural = true
                    continue
                }
                if mask & UInt32(IN_IGNORED) != 0 { continue }
                let isFolder = mask & UInt32(IN_ISDIR) != 0
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    relevant = true
                    structural = true
                    continue
                }
                guard name.first != UInt8(ascii: ".") else { continue }
                if isFolder {
                    relevant = true
                    structural = true
                } else if decoders.decoder(forPath: name) != nil {
                    relevant = true
                }
            }
        }
        return (relevant, structural)
    }

    /// Watches every folder below the root as it is now and drops the watches of folders that
    /// are gone or moved out.
    private func layWatches() {
        var watched: [Int32: LibraryPath] = [:]
        var visited: Set<[UInt64]> = []
        var pending = [root]
        while let folder = pending.popLast() {
            guard let status = FileSystem.status(of: folder), status.isDirectory, visited.insert([status.device, status.inode]).inserted else { continue }
            let watch = folder.withCString { inotify_add_watch(descriptor, $0, LibraryWatcher.folderEvents) }
            if watch < 0 {
                if errno == ENOSPC, !reportedLimit.exchange(true, ordering: .relaxed) {
                    onProblem("Not every folder of the music folder can be watched for new albums (\(SystemCallError(call: "inotify_add_watch", code: ENOSPC).description)); raise fs.inotify.max_user_watches, or restart the player to see new albums.")
                }
                continue
            }
            watched[watch] = folder
            guard case .success(let names) = FileSystem.entries(of: folder) else { continue }
            for name in names where name.first != UInt8(ascii: ".") {
                let path = folder.appending(name)
                if FileSystem.status(of: path)?.isDirectory == true { pending.append(path) }
            }
        }
        let gone = folders.withLock { folders -> [Int32] in
            let stale = folders.keys.filter { watched[$0] == nil }
            folders = watched
            return stale
        }
        for watch in gone { inotify_rm_watch(descriptor, watch) }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
