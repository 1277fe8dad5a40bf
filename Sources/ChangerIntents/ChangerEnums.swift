import IntentKit

/// The enum parameters of CD Changer's intents.
public enum ChangerEnums {
    /// Disc number 1–20 for phrase slots ("disc 3", "the third disc"); JSON integer.
    public static let discNumber = EnumDefinition(
        identifier: "DiscNumber",
        title: "Disc Number",
        cases: (1...20).map { number in
            EnumCase(.integer(number), displayName: String(number), synonyms: [Normalizer.ordinalToken(number)])
        },
        examples: ["3"]
    )

    /// A number 1–`count` said as a number or an ordinal ("3", "three", "third"); JSON integer.
    static func numbers(_ identifier: String, title: String, _ range: ClosedRange<Int>, example: String) -> EnumDefinition {
        EnumDefinition(
            identifier: identifier, title: title,
            cases: range.map { EnumCase(.integer($0), displayName: String($0), synonyms: [Normalizer.ordinalToken($0)]) },
            examples: [example]
        )
    }

    /// Track number 1–99 on a disc ("track 4", "the second song"); JSON integer.
    public static let trackNumber = numbers("TrackNumber", title: "Track Number", 1...99, example: "4")

    /// A magazine's place in the rack, 1–20 ("magazine two", "the second magazine"); JSON integer.
    public static let magazineNumber = numbers("MagazineNumber", title: "Magazine Number", 1...20, example: "2")

    /// How many tracks to skip, 2–20 ("skip two songs"; one is a plain next); JSON integer.
    public static let trackCount = EnumDefinition(
        identifier: "TrackCount", title: "Track Count",
        cases: (2...20).map { count in
            EnumCase(.integer(count), displayName: String(count), synonyms: count == 2 ? ["a couple", "a couple of", "couple of"] : [])
        },
        examples: ["2"]
    )

    /// The loudest volume; a louder request is turned down to it, and the reply says so.
    public static let maximumVolume = 100

    /// Volume percentage 0–100 ("40", "40 percent", "40%", "max"); JSON integer. "110" or "150"
    /// are understood too and read as 100, shown "100% (the most there is)", so the reply says
    /// what happened instead of refusing or playing louder than the player goes.
    public static let volumeLevel = EnumDefinition(
        identifier: "VolumePercentage",
        title: "Volume Percentage",
        cases: (0...100).map { percent in
            var synonyms = [String(percent), "\(percent) percent"]
            if percent == 100 { synonyms += ["max", "maximum", "full", "full blast", "all the way up", "the max", "the maximum", "top", "the top", "as loud as it goes", "as high as it goes"] }
            if percent == 50 { synonyms += ["half", "half way", "halfway", "half volume", "the middle"] }
            if percent == 0 { synonyms += ["zero", "minimum", "min", "all the way down", "the minimum", "nothing"] }
            return EnumCase(.integer(percent), displayName: "\(percent)%", synonyms: synonyms)
        } + [EnumCase(.integer(maximumVolume), displayName: "100% (the most there is)", synonyms: (101...300).flatMap { [String($0), "\($0) percent"] })],
        examples: ["40"]
    )

    /// How far to turn the volume up or down, 1–100 percentage points ("by 15 percent"); JSON integer.
    public static let volumeAmount = EnumDefinition(
        identifier: "VolumeAmount",
        title: "Volume Amount",
        cases: (1...100).map { points in
            EnumCase(.integer(points), displayName: "\(points)%", synonyms: [String(points), "\(points) percent", "\(points) points", "\(points) notches"])
        },
        examples: ["10"]
    )

    /// How far to seek, in seconds 1–3600 ("30 seconds", "a minute", "1 minute 30 seconds"); JSON integer.
    public static let seekAmount: EnumDefinition = {
        var names: [Int: [String]] = [:]
        func add(_ seconds: Int, _ name: String) { names[seconds, default: []].append(name) }
        for seconds in 1...600 {
            add(seconds, "\(seconds) seconds")
            add(seconds, "\(seconds) second")
            add(seconds, "\(seconds) secs")
            add(seconds, "\(seconds) sec")
        }
        for minutes in 1...60 {
            for unit in ["minutes", "minute", "mins", "min"] { add(minutes * 60, "\(minutes) \(unit)") }
            for seconds in [5, 10, 15, 20, 25, 30, 40, 45, 50] where minutes <= 10 {
                add(minutes * 60 + seconds, "\(minutes) minutes \(seconds) seconds")
                add(minutes * 60 + seconds, "\(minutes) minute \(seconds) seconds")
                add(minutes * 60 + seconds, "\(minutes) minutes and \(seconds) seconds")
                add(minutes * 60 + seconds, "\(minutes) minute and \(seconds) seconds")
            }
            if minutes <= 10 {
                add(minutes * 60 + 30, "\(minutes) and a half minutes")
                add(minutes * 60 + 30, "\(minutes) minutes and a half")
            }
        }
        for form in clockForms { add(form.seconds, form.name) }
        add(60, "a minute")
        add(30, "half a minute")
        add(90, "a minute and a half")
        add(15, "a quarter of a minute")
        return EnumDefinition(
            identifier: "SeekAmount", title: "Seek Amount",
            cases: names.keys.sorted().map { seconds in
                EnumCase(.integer(seconds), displayName: describe(seconds: seconds), synonyms: names[seconds]!)
            },
            examples: ["30"]
        )
    }()

    /// Times in a track said as on a clock or without their last unit, up to ten minutes: "1:30"
    /// (read as "1 30"), "3 minutes 20". Typed only: the voice grammar leaves them out
    /// (`ChangerShortcuts.typedOnlyEnumPhrases`). Seconds below 10 are left out, as "1:05"
    /// reads "1 5", which "go back 1 1" would also say.
    static let clockForms: [(seconds: Int, name: String)] = {
        var forms: [(seconds: Int, name: String)] = []
        for minutes in 1...10 {
            for seconds in 10...59 {
                let total = minutes * 60 + seconds
                forms.append((total, "\(minutes):\(seconds)"))
                if seconds % 5 == 0 {
                    forms.append((total, "\(minutes) minutes \(seconds)"))
                    forms.append((total, "\(minutes) minute \(seconds)"))
                }
            }
        }
        return forms
    }()

    /// "30 seconds", "1 minute", "2 minutes", "1 minute 30 seconds".
    public static func describe(seconds: Int) -> String {
        let minutes = seconds / 60, rest = seconds % 60
        let minutePart = minutes == 0 ? nil : "\(minutes) minute\(minutes == 1 ? "" : "s")"
        let secondPart = rest == 0 ? nil : "\(rest) second\(rest == 1 ? "" : "s")"
        return [minutePart, secondPart].compactMap { $0 }.joined(separator: " ")
    }

    /// Volume step up or down; JSON string "up" / "down".
    public static let volumeStep = EnumDefinition(
        identifier: "VolumeStep",
        title: "Volume Step",
        cases: [
            EnumCase(.string("up"), displayName: "up", synonyms: ["louder", "higher", "more", "a bit louder", "a little louder"]),
            EnumCase(.string("down"), displayName: "down", synonyms: ["quieter", "softer", "lower", "less", "a bit quieter", "a little quieter", "a bit softer"]),
        ]
    )

    /// Repeat mode; JSON string "off" / "track" / "disc" / "magazine".
    public static let repeatMode = EnumDefinition(
        identifier: "RepeatMode",
        title: "Repeat Mode",
        cases: [
            EnumCase(.string("off"), displayName: "off", synonyms: ["none", "nothing", "disabled"]),
            EnumCase(.string("track"), displayName: "this track", synonyms: [
                "track", "song", "tune", "this song", "this tune", "the song", "the track", "current song",
                "current track", "the current song", "the current track", "one", "single", "it", "this", "that",
                "this one", "that song", "that one", "one song", "one track", "the same song", "the same track",
            ]),
            EnumCase(.string("disc"), displayName: "this disc", synonyms: [
                "disc", "cd", "album", "record", "this album", "this cd", "this record", "the album", "the disc",
                "the cd", "the whole album", "the whole disc", "the whole cd", "the entire album", "current album",
                "the current album", "current disc",
            ]),
            EnumCase(.string("magazine"), displayName: "the whole magazine", synonyms: [
                "magazine", "the magazine", "this magazine", "playlist", "the playlist", "this playlist", "all", "everything", "all discs", "all cds", "all albums",
                "all songs", "all tracks", "all the discs", "all the songs", "all of them", "the whole thing", "on", "enabled",
            ]),
        ]
    )

    /// Random (shuffle) mode; JSON string "off" / "disc" / "magazine".
    public static let randomMode = EnumDefinition(
        identifier: "RandomMode",
        title: "Random Mode",
        cases: [
            EnumCase(.string("off"), displayName: "off", synonyms: ["none", "disabled"]),
            EnumCase(.string("disc"), displayName: "this disc", synonyms: [
                "disc", "cd", "album", "record", "this album", "this cd", "this record", "the album", "the disc", "the cd",
                "the whole album", "the current album", "current album", "current disc", "this", "it", "the tracks on this disc",
                "the songs on this album", "the tracks on this album", "the songs on this disc",
            ]),
            EnumCase(.string("magazine"), displayName: "the whole magazine", synonyms: [
                "magazine", "the magazine", "this magazine", "playlist", "the playlist", "this playlist", "all", "everything", "all discs", "all cds", "all albums",
                "all songs", "all tracks", "all the discs", "all the songs", "songs", "tracks", "music", "my music",
                "all my music", "the songs", "the tracks", "the music", "all of them", "the whole thing",
                "on", "enabled", "shuffle", "shuffled", "random",
            ]),
        ]
    )

    /// Seek direction; JSON string "forward" / "backward".
    public static let seekDirection = EnumDefinition(
        identifier: "SeekDirection",
        title: "Seek Direction",
        cases: [
            EnumCase(.string("forward"), displayName: "forward", synonyms: ["ahead", "forwards"]),
            EnumCase(.string("backward"), displayName: "backward", synonyms: ["back", "backwards"]),
        ]
    )

    /// Scan on or off; JSON string "on" / "off". Without it, "scan" turns scanning on or off.
    public static let scanMode = EnumDefinition(
        identifier: "ScanMode",
        title: "Scan Mode",
        cases: [
            EnumCase(.string("on"), displayName: "on"),
            EnumCase(.string("off"), displayName: "off"),
        ]
    )

    /// What to say about the library; JSON string. Without it, its size.
    public static let libraryDetail = EnumDefinition(
        identifier: "LibraryDetail",
        title: "Detail",
        cases: [
            EnumCase(.string("albums"), displayName: "albums"),
            EnumCase(.string("artists"), displayName: "artists"),
            EnumCase(.string("genres"), displayName: "genres"),
        ]
    )

    /// A setting turned on or off; JSON string "on" / "off".
    public static let onOff = EnumDefinition(
        identifier: "OnOff",
        title: "On or Off",
        cases: [
            EnumCase(.string("on"), displayName: "on"),
            EnumCase(.string("off"), displayName: "off"),
        ]
    )

    /// One thing to say about what is playing; JSON string. Without it, the whole line is said.
    public static let nowPlayingDetail = EnumDefinition(
        identifier: "NowPlayingDetail",
        title: "Detail",
        cases: [
            EnumCase(.string("length"), displayName: "length"),
            EnumCase(.string("remaining"), displayName: "time left"),
            EnumCase(.string("elapsed"), displayName: "time played"),
            EnumCase(.string("next"), displayName: "next track"),
            EnumCase(.string("disc"), displayName: "disc"),
            EnumCase(.string("genre"), displayName: "genre"),
            EnumCase(.string("year"), displayName: "year"),
            EnumCase(.string("previous"), displayName: "previous track"),
            EnumCase(.string("magazine"), displayName: "magazine"),
            EnumCase(.string("artist"), displayName: "artist"),
        ]
    )
}
