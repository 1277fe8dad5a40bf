/// Tags from Vorbis comments (FLAC, Ogg Vorbis, Opus): `NAME=value` fields whose names ignore
/// case. The C libraries read the comments and look names up (`FLAC__metadata_object_vorbiscomment_*`,
/// `vorbis_comment_query`, `opus_tags_query`); this maps the names CD Changer uses to its fields.
extension AudioTags {
    /// Fills the fields from `lookup`, which returns the first value of a field by its name
    /// ("TITLE"), or nil. Numbers may be "3" or "3/12"; totals may also come from TRACKTOTAL /
    /// TOTALTRACKS and DISCTOTAL / TOTALDISCS. ReplayGain comes from the `REPLAYGAIN_*` fields.
    public init(vorbisComment lookup: (String) -> String?) {
        func text(_ names: String...) -> String? {
            for name in names {
                if let value = lookup(name).flatMap(AudioTags.cleanedText) { return value }
            }
            return nil
        }
        let none: (number: Int?, total: Int?) = (nil, nil)
        let track = text("TRACKNUMBER").map(AudioTags.numberAndTotal) ?? none
        let disc = text("DISCNUMBER").map(AudioTags.numberAndTotal) ?? none
        func count(_ names: String...) -> Int? {
            for name in names {
                if let value = text(name).flatMap({ Int($0) }), value > 0 { return value }
            }
            return nil
        }
        self.init(
            title: text("TITLE"), artist: text("ARTIST"), album: text("ALBUM"), albumArtist: text("ALBUMARTIST", "ALBUM ARTIST"),
            date: text("DATE", "YEAR"), genre: text("GENRE"),
            trackNumber: track.number, trackCount: track.total ?? count("TRACKTOTAL", "TOTALTRACKS"),
            discNumber: disc.number, discCount: disc.total ?? count("DISCTOTAL", "TOTALDISCS"),
            replayGain: ReplayGain(tags: lookup)
        )
    }
}
