#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import SystemSupport

/// Replaces a file so that a reader — or the next start after a power cut — finds either the old
/// contents or the new, never a mix: a temporary file in the same folder is written and flushed
/// to disk, renamed over the file, and the folder is flushed too.
public enum AtomicFile {
    /// Writes `data` to `url` atomically. The temporary file is named after the file and this
    /// process, so two processes never share one. A failure names its step: `open` (the temporary
    /// file), `write` (writing or flushing it) or `rename`.
    ///
    /// The corresponding C functions are `open`, `write`, `fsync`, `rename` and `unlink`.
    public static func write(_ data: Data, to url: URL) throws(SystemCallError) {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SystemCallError(call: "open", code: errno, path: temporary.path) }
        var written = 0
        let complete = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 { if errno == EINTR { continue } else { return false } }
                written += result
            }
            return true
        }
        guard complete, fsync(descriptor) == 0 else {
            let error = SystemCallError(call: "write", code: errno)
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
        close(descriptor)
        guard rename(temporary.path, url.path) == 0 else {
            let error = SystemCallError(call: "rename", code: errno)
            unlink(temporary.path)
            throw error
        }
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}

extension AtomicFile {
    /// Removes temporary files that writers of `url` left behind when they were killed mid-write
    /// (their process is gone); a live writer's file is left alone.
    ///
    /// The corresponding C function is `kill` (with signal 0, to ask whether a process exists).
    public static func removeLeftovers(of url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let pidText = name.dropFirst(prefix.count).dropLast(".tmp".count)
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder.appendingPathComponent(name).path)
        }
    }
}
