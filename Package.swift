// swift-tools-version:6.0
import PackageDescription

/// The small C targets for what Swift cannot call directly, one per concern.
let cShims: [Target] = [
    .target(name: "CTerminalShim", dependencies: ["CNcursesw"]),   // ncurses macros and globals, ioctl
    .target(name: "CAudioShim", dependencies: ["CALSA"]),          // ALSA's variadic error handler
    .target(name: "CSystemShim"),                                  // prctl, eventfd (for SystemSupport)
    .target(name: "CSphinxLog", dependencies: ["CPocketSphinx"]),  // sphinxbase's variadic log callback
]

let package = Package(
    name: "CDChanger",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cdchanger", targets: ["cdchanger"]),
    ],
    targets: [
        // C libraries from Debian's packages.
        // ncursesw without `pkgConfig`: its pkg-config flags are only -D defines, which SwiftPM refuses
        // with a warning on every build; Sources/CNcursesw/ncursesw.h defines them (docs/decisions.md).
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncursesw5-dev"])]),
        .systemLibrary(name: "CMpg123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .systemLibrary(name: "CFLAC", pkgConfig: "flac", providers: [.apt(["libflac-dev"])]),
        .systemLibrary(name: "CVorbisFile", pkgConfig: "vorbisfile", providers: [.apt(["libvorbis-dev"])]),
        .systemLibrary(name: "COpusFile", pkgConfig: "opusfile", providers: [.apt(["libopusfile-dev"])]),
        // Voice (docs/voice.md): the recognizer, text to phonemes, reading and resampling WAV files.
        .systemLibrary(name: "CPocketSphinx", pkgConfig: "pocketsphinx", providers: [.apt(["libpocketsphinx-dev"])]),
        .systemLibrary(name: "CEspeakNG", pkgConfig: "espeak-ng", providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
    ] + cShims + [

        // Swift modules, one job each.
        .target(name: "SystemSupport", dependencies: ["CSystemShim"]),
        .target(name: "OrderedJSON"),
        .target(name: "Settings"),
        .target(name: "IntentKit", dependencies: ["OrderedJSON"]),
        .target(name: "AudioDecoding"),  // the decoder protocol and registry, formats, tags
        .target(name: "MPEGAudio", dependencies: ["AudioDecoding", "CMpg123"]),
        .target(name: "FLACAudio", dependencies: ["AudioDecoding", "CFLAC"]),
        .target(name: "VorbisAudio", dependencies: ["AudioDecoding", "CVorbisFile"]),
        .target(name: "OpusAudio", dependencies: ["AudioDecoding", "COpusFile"]),
        .target(name: "BuiltInDecoders", dependencies: ["AudioDecoding", "MPEGAudio", "FLACAudio", "VorbisAudio", "OpusAudio"]),  // the decoders shipped
        .target(name: "MusicLibrary", dependencies: ["AudioDecoding", "BuiltInDecoders", "SystemSupport"]),
        .target(name: "ChangerKit", dependencies: ["MusicLibrary", "IntentKit", "SystemSupport"]),
        .target(name: "Playback", dependencies: ["AudioDecoding", "BuiltInDecoders", "CALSA", "CAudioShim", "SystemSupport"]),
        .target(name: "ChangerIntents", dependencies: ["IntentKit", "ChangerKit"]),
        .target(name: "MainLoop", dependencies: ["SystemSupport"]),
        .target(
            name: "Voice",
            dependencies: ["IntentKit", "ChangerIntents", "SystemSupport", "CPocketSphinx", "CSphinxLog", "CEspeakNG", "CSndfile", "CSampleRate", "CALSA", "CAudioShim", "CSystemShim"]
        ),
        .target(name: "Remote", dependencies: ["CDBus", "MainLoop", "OrderedJSON", "SystemSupport"]),
        .target(
            name: "Session",
            dependencies: ["AudioDecoding", "ChangerIntents", "ChangerKit", "IntentKit", "MainLoop", "MusicLibrary", "Playback", "SystemSupport"]
        ),
        .target(name: "Dashboard", dependencies: ["CNcursesw", "CTerminalShim", "MainLoop"]),
        .executableTarget(
            name: "cdchanger",
            dependencies: ["AudioDecoding", "IntentKit", "ChangerIntents", "MusicLibrary", "ChangerKit", "Playback", "MainLoop", "Dashboard", "Remote", "Session", "Settings", "OrderedJSON", "SystemSupport", "Voice"],
            // Release builds link the Swift runtime and FoundationEssentials in, with lld (gold
            // warns about FoundationEssentials' use of mktemp): a few ms less start-up (no loading
            // and relocating a dozen libraries), which counts in CPU per second of audio. Debug
            // builds stay dynamic: the test bundles that link this target need the shared runtime.
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-use-ld=lld", "-l_FoundationCShims", "-l_FoundationCollections"], .when(configuration: .release))]
        ),
        // Builds Assets/DemoLibrary from its manifest (scripts/make-demo-library.sh runs it); a
        // development tool, so it uses Foundation's Process like the benchmarks.
        .executableTarget(name: "cdchanger-demo-library", dependencies: ["OrderedJSON"]),
        .executableTarget(
            name: "cdchanger-bench",
            dependencies: ["SystemSupport", "TmuxDriver", "IntentKit", "ChangerIntents", "MusicLibrary", "ChangerKit", "Playback", "MainLoop", "Dashboard", "Remote", "Session", "Voice"]
        ),

        // Test and benchmark helpers. TmuxDriver is its own target so the benchmarks can use it
        // without TestSupport's fixtures and Swift Testing (docs/decisions.md).
        .target(name: "TestSupport", dependencies: ["AudioDecoding", "ChangerKit", "MusicLibrary"], path: "Tests/TestSupport"),
        .target(name: "TmuxDriver", path: "Tests/TmuxDriver"),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport"]),
        .testTarget(name: "OrderedJSONTests", dependencies: ["OrderedJSON"]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings"]),
        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit"]),
        .testTarget(name: "AudioDecodingTests", dependencies: ["AudioDecoding", "BuiltInDecoders", "MPEGAudio", "FLACAudio", "VorbisAudio", "OpusAudio", "TestSupport"]),
        .testTarget(name: "MPEGAudioTests", dependencies: ["AudioDecoding", "MPEGAudio", "TestSupport"]),
        .testTarget(name: "CodecTests", dependencies: ["AudioDecoding", "BuiltInDecoders", "FLACAudio", "VorbisAudio", "OpusAudio", "SystemSupport", "TestSupport"]),
        .testTarget(name: "MusicLibraryTests", dependencies: ["AudioDecoding", "BuiltInDecoders", "MPEGAudio", "MusicLibrary", "TestSupport"]),
        .testTarget(name: "ChangerKitTests", dependencies: ["ChangerKit", "IntentKit", "MusicLibrary", "SystemSupport", "TestSupport"]),
        .testTarget(name: "ChangerIntentsTests", dependencies: ["ChangerIntents", "IntentKit", "ChangerKit", "MusicLibrary", "TestSupport"], exclude: ["NaturalSentences.txt", "OutsideSentences.txt"]),
        .testTarget(name: "DashboardTests", dependencies: ["Dashboard", "TestSupport", "TmuxDriver"]),
        .testTarget(name: "RemoteTests", dependencies: ["Remote", "SystemSupport", "TestSupport"]),
        .testTarget(name: "MainLoopTests", dependencies: ["MainLoop"]),
        .testTarget(name: "PlaybackTests", dependencies: ["AudioDecoding", "BuiltInDecoders", "Playback", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "TmuxDriver", "ChangerKit"]),
        .testTarget(name: "VoiceTests", dependencies: ["Voice", "IntentKit", "ChangerIntents", "MusicLibrary", "SystemSupport", "TestSupport"]),
        .testTarget(name: "cdchangerTests", dependencies: ["AudioDecoding", "cdchanger", "ChangerIntents", "ChangerKit", "Dashboard", "IntentKit", "Remote", "Settings"]),
    ],
    swiftLanguageModes: [.v6]
)

/// Settings every Swift target shares: Swift 6 language mode (above), `any` spelled out for
/// existentials, and no warnings. Applied here, once, to every target that holds Swift code.
for target in package.targets where target.type != .system && !cShims.contains(where: { $0.name == target.name }) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .unsafeFlags(["-warnings-as-errors"]),
    ]
}
