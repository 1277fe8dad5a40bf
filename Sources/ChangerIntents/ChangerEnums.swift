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

    /// Volume percentage 0–100 ("40", "40 percent", "40%", "max"); JSON integer.
    public static let volumeLevel = EnumDefinition(
        identifier: "VolumePercentage",
        title: "Volume Percentage",
        cases: (0...100).map { percent in
            var synonyms = [String(percent), "\(percent) percent"]
            if percent == 100 { synonyms += ["max", "maximum", "full", "full blast", "all the way up"] }
            if percent == 50 { synonyms += ["half", "half way", "halfway"] }
            if percent == 0 { synonyms += ["zero", "minimum", "min", "all the way down"] }
            return EnumCase(.integer(percent), displayName: "\(percent)%", synonyms: synonyms)
        },
        examples: ["40"]
    )

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
            EnumCase(.string("off"), displayName: "off", synonyms: ["none", "nothing"]),
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
                "magazine", "the magazine", "this magazine", "all", "everything", "all discs", "all cds", "all albums",
                "all songs", "all tracks", "all the discs", "all the songs", "all of them", "the whole thing",
            ]),
        ]
    )

    /// Random (shuffle) mode; JSON string "off" / "disc" / "magazine".
    public static let randomMode = EnumDefinition(
        identifier: "RandomMode",
        title: "Random Mode",
        cases: [
            EnumCase(.string("off"), displayName: "off", synonyms: ["none"]),
            EnumCase(.string("disc"), displayName: "this disc", synonyms: [
                "disc", "cd", "album", "record", "this album", "this cd", "this record", "the album", "the disc", "the cd",
                "the whole album", "the current album", "current album", "current disc", "this", "it", "the tracks on this disc",
                "the songs on this album", "the tracks on this album", "the songs on this disc",
            ]),
            EnumCase(.string("magazine"), displayName: "the whole magazine", synonyms: [
                "magazine", "the magazine", "this magazine", "all", "everything", "all discs", "all cds", "all albums",
                "all songs", "all tracks", "all the discs", "all the songs", "songs", "tracks", "music", "my music",
                "all my music", "the songs", "the tracks", "the music", "all of them", "the whole thing",
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
}
