import Glibc
import SystemSupport
import Testing

@Suite("A failed system call, in words")
struct SystemCallErrorTests {
    @Test("without a path: the call and the system's reason")
    func withoutPath() {
        let error = SystemCallError(call: "pipe", code: EMFILE)
        #expect(error.reason == "Too many open files")
        #expect(error.description == "pipe: Too many open files")
        #expect("\(error)" == "pipe: Too many open files")
    }

    @Test("with a path: which call failed for which file")
    func withPath() {
        let error = SystemCallError(call: "lstat", code: ENOENT, path: "/run/user/1000/cdchanger")
        #expect(error.description == "lstat failed for /run/user/1000/cdchanger: No such file or directory")
    }

    @Test("errors are equal when call, code and path are")
    func equality() {
        #expect(SystemCallError(call: "open", code: EACCES, path: "/a") == SystemCallError(call: "open", code: EACCES, path: "/a"))
        #expect(SystemCallError(call: "open", code: EACCES, path: "/a") != SystemCallError(call: "open", code: EACCES, path: "/b"))
        #expect(SystemCallError(call: "open", code: EACCES) != SystemCallError(call: "open", code: EPERM))
    }
}
