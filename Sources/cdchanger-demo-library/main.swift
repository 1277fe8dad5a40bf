// `cdchanger-demo-library ROOT`: rebuilds ROOT/Assets/DemoLibrary from the album descriptions in
// ROOT/Assets/DemoLibrary.manifest.json and writes what it measured back into the manifest.
// scripts/make-demo-library.sh installs the tools it runs (sox, espeak-ng, lame, flac, opus-tools,
// mpg123) and calls it; docs/demo-library.md describes the albums and the build.

import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let root = arguments.first else {
    FileHandle.standardError.write(Data("usage: cdchanger-demo-library ROOT (the source tree; scripts/make-demo-library.sh runs it)\n".utf8))
    exit(2)
}
do {
    try DemoLibraryBuilder(root: URL(fileURLWithPath: root)).build()
} catch {
    FileHandle.standardError.write(Data("make-demo-library: \(error)\n".utf8))
    exit(1)
}
