#if canImport(Glibc)
import Glibc
#endif

/// The POSIX file-system calls the app makes on paths, with a `SystemCallError` when one fails.
public enum FileSystem {
    /// What `stat(2)` tells about a file: its kind, identity, owner, permissions, size and change stamp.
    public struct Status: Equatable, Sendable {
        /// The file type bits of `st_mode`.
        public enum Kind: Sendable {
            case regularFile, directory, symbolicLink, socket, other
        }

        public var kind: Kind
        public var device: UInt64
        public var inode: UInt64
        /// The owner's user id.
        public var owner: UInt32
        /// The permission bits (`st_mode & 0o7777`).
        public var permissions: UInt32
        public var size: Int64
        public var modificationNanoseconds: Int64

        public var isDirectory: Bool { kind == .directory }
        public var isRegularFile: Bool { kind == .regularFile }

        init(_ info: stat) {
            switch info.st_mode & S_IFMT {
            case S_IFREG: kind = .regularFile
            case S_IFDIR: kind = .directory
            case S_IFLNK: kind = .symbolicLink
            case S_IFSOCK: kind = .socket
            default: kind = .other
            }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            owner = UInt32(info.st_uid)
            permissions = UInt32(info.st_mode & 0o7777)
            size = Int64(info.st_size)
            modificationNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }
    }

    /// The status of `path`; with `followingLinks` false, of a symbolic link itself rather than
    /// what it points to. The error's `code` tells why it failed (`ENOENT`: nothing there).
    ///
    /// The corresponding C functions are `stat` and `lstat`.
    public static func status(of path: some FileSystemPath, followingLinks: Bool) throws(SystemCallError) -> Status {
        let result = path.withCString { pointer -> Result<Status, SystemCallError> in
            var info = stat()
            guard (followingLinks ? stat(pointer, &info) : lstat(pointer, &info)) == 0 else {
                return .failure(SystemCallError(call: followingLinks ? "stat" : "lstat", code: errno, path: String(cString: pointer)))
            }
            return .success(Status(info))
        }
        return try result.get()
    }

    /// The status of `path` (symbolic links followed); nil when it doesn't exist or can't be reached.
    ///
    /// The corresponding C function is `stat`.
    public static func status(of path: some FileSystemPath) -> Status? {
        try? status(of: path, followingLinks: true)
    }

    /// The names in a folder, without "." and "..".
    ///
    /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
    public static func entries(of path: some FileSystemPath) -> Result<[[UInt8]], SystemCallError> {
        path.withCString { pointer in
            guard let directory = opendir(pointer) else {
                return .failure(SystemCallError(call: "opendir", code: errno, path: String(cString: pointer)))
            }
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

    /// The absolute path of `path` with every symbolic link, "." and ".." resolved.
    ///
    /// The corresponding C function is `realpath`.
    public static func realPath(of path: some FileSystemPath) throws(SystemCallError) -> [UInt8] {
        let result = path.withCString { pointer -> Result<[UInt8], SystemCallError> in
            guard let real = realpath(pointer, nil) else {
                return .failure(SystemCallError(call: "realpath", code: errno, path: String(cString: pointer)))
            }
            defer { free(real) }
            return .success(Array(UnsafeRawBufferPointer(start: real, count: strlen(real))))
        }
        return try result.get()
    }

    /// What `checkAccess` asks permission for.
    public struct Access: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let read = Access(rawValue: R_OK)
        public static let write = Access(rawValue: W_OK)
        public static let execute = Access(rawValue: X_OK)
    }

    /// Throws unless this process may `access` the file at `path` in every way asked.
    ///
    /// The corresponding C function is `access`.
    public static func checkAccess(_ path: some FileSystemPath, for access: Access) throws(SystemCallError) {
        let failure = path.withCString { pointer -> SystemCallError? in
            Glibc.access(pointer, access.rawValue) == 0 ? nil : SystemCallError(call: "access", code: errno, path: String(cString: pointer))
        }
        if let failure { throw failure }
    }
}
