// swift-tools-version:6.0
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode (strict concurrency) and no warnings.
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
    name: "CDChanger",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cdchanger", targets: ["cdchanger"]),
    ],
    targets: [
        // C libraries from Debian's packages.
        .systemLibrary(name: "CNcursesw", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .systemLibrary(name: "CMpg123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // What Swift cannot call directly: ncurses attribute macros, ALSA's variadic error handler.
        .target(name: "CShim", dependencies: ["CNcursesw", "CALSA"]),

        // Swift modules, one job each.
        .target(name: "IntentKit", swiftSettings: strictSwift),
        .target(name: "MPEGAudio", dependencies: ["CMpg123"], swiftSettings: strictSwift),
        .target(name: "MusicLibrary", dependencies: ["MPEGAudio"], swiftSettings: strictSwift),
        .target(name: "ChangerKit", dependencies: ["MusicLibrary"], swiftSettings: strictSwift),
        .target(name: "Playback", dependencies: ["MPEGAudio", "CALSA", "CShim"], swiftSettings: strictSwift),
        .target(name: "ChangerIntents", dependencies: ["IntentKit", "ChangerKit"], swiftSettings: strictSwift),
        .target(name: "MainLoop", swiftSettings: strictSwift),
        .target(name: "Remote", dependencies: ["CDBus", "MainLoop"], swiftSettings: strictSwift),
        .target(
            name: "Session",
            dependencies: ["ChangerIntents", "ChangerKit", "IntentKit", "MainLoop", "MusicLibrary", "Playback"],
            swiftSettings: strictSwift
        ),
        .target(name: "Dashboard", dependencies: ["CNcursesw", "CShim", "MainLoop"], swiftSettings: strictSwift),
        .executableTarget(
            name: "cdchanger",
            dependencies: ["IntentKit", "ChangerIntents", "MusicLibrary", "ChangerKit", "MPEGAudio", "Playback", "MainLoop", "Dashboard", "Remote", "Session"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "cdchanger-bench",
            dependencies: ["IntentKit", "ChangerIntents", "MusicLibrary", "ChangerKit", "MPEGAudio", "Playback", "MainLoop", "Dashboard", "Remote", "Session"],
            swiftSettings: strictSwift
        ),

        .target(name: "TestSupport", dependencies: ["ChangerKit", "MusicLibrary"], path: "Tests/TestSupport", swiftSettings: strictSwift),
        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit"], swiftSettings: strictSwift),
        .testTarget(name: "MPEGAudioTests", dependencies: ["MPEGAudio", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "MusicLibraryTests", dependencies: ["MusicLibrary", "MPEGAudio", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "ChangerKitTests", dependencies: ["ChangerKit", "MusicLibrary", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "ChangerIntentsTests", dependencies: ["ChangerIntents", "IntentKit", "ChangerKit", "MusicLibrary", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "DashboardTests", dependencies: ["Dashboard", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "RemoteTests", dependencies: ["Remote", "TestSupport"], swiftSettings: strictSwift),
        .testTarget(name: "MainLoopTests", dependencies: ["MainLoop"], swiftSettings: strictSwift),
        .testTarget(name: "PlaybackTests", dependencies: ["Playback", "MPEGAudio"], swiftSettings: strictSwift),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "ChangerKit"], swiftSettings: strictSwift),
    ],
    swiftLanguageModes: [.v6]
)
