#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX file-system calls the scanner needs, on raw-byte paths.
enum FileSystem {
    /// Identity and change stamp of a file or folder, from `stat(2)` (symbolic links followed).
    struct Status: Equatable {
        var device: UInt64
        var inode: UInt64
        var isDirectory: Bool
        var isRegularFile: Bool
        var size: Int64
        var modificationNanoseconds: Int64
    }

    /// The corresponding C function is `stat`. Nil when the path doesn't exist or can't be reached.
    static func status(of path: LibraryPath) -> Status? {
        path.withCString { pointer in
            var info = stat()
            guard stat(pointer, &info) == 0 else { return nil }
            let kind = info.st_mode & S_IFMT
            return Status(
                device: UInt64(info.st_dev),
                inode: UInt64(info.st_ino),
                isDirectory: kind == S_IFDIR,
                isRegularFile: kind == S_IFREG,
                size: Int64(info.st_size),
                modificationNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            )
        }
    }

    /// The names in a folder (without "." and ".."), or the `errno` that stopped `opendir(3)`.
    static func entries(of path: LibraryPath) -> Result<[[UInt8]], SystemError> {
        path.withCString { pointer in
            guard let directory = opendir(pointer) else { return .failure(SystemError(code: errno)) }
            defer { closedir(directory) }
            var names: [[UInt8]] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
                if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                names.append(name)
            }
            return .success(names)
        }
    }
}

/// An `errno` value with the system's own words for it.
public struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int32

    public init(code: Int32) { self.code = code }

    /// The corresponding C function is `strerror`.
    public var description: String { String(cString: strerror(code)) }
}
