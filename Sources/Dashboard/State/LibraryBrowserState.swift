#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The library browser: albums to load into one slot, filtered as the user types.
///
/// Every word typed must appear in the album's title, artist or folder name, ignoring case and
/// accents, so "beat abbey" finds "Abbey Road · The Beatles".
struct LibraryBrowserState: Equatable, Sendable {
    let magazine: UUID
    let magazineName: String
    let slot: Int
    private(set) var albums: [AlbumChoice]
    private var searchKeys: [String]
    var search = TextField()
    /// Indices into `albums` of the albums that match the search, in library order.
    private(set) var matches: [Int]
    /// Index into `matches` of the highlighted album.
    private(set) var selection = 0
    /// What went wrong with the last load, shown in the browser.
    var status: String?

    init(magazine: UUID, magazineName: String, slot: Int, albums: [AlbumChoice]) {
        self.magazine = magazine
        self.magazineName = magazineName
        self.slot = slot
        self.albums = albums
        searchKeys = albums.map(LibraryBrowserState.searchKey)
        matches = Array(albums.indices)
    }

    var selectedAlbum: AlbumChoice? { matches.isEmpty ? nil : albums[matches[selection]] }

    /// The library changed (a background scan ended): the same search over the new albums, the
    /// highlighted album kept when it is still there.
    mutating func replaceAlbums(_ newAlbums: [AlbumChoice]) {
        albums = newAlbums
        searchKeys = newAlbums.map(LibraryBrowserState.searchKey)
        refilter()
    }

    /// Applies a key to the search field or the list; returns false when the key is for neither.
    mutating func apply(_ key: Key, pageSize: Int) -> Bool {
        switch key {
        case .up, .control("p"): move(by: -1)
        case .down, .control("n"): move(by: 1)
        case .pageUp: move(by: -max(1, pageSize))
        case .pageDown: move(by: max(1, pageSize))
        default:
            let before = search.text
            guard search.apply(key) else { return false }
            if search.text != before { refilter() }
        }
        return true
    }

    mutating func move(by offset: Int) {
        guard !matches.isEmpty else { return }
        selection = min(max(0, selection + offset), matches.count - 1)
    }

    private mutating func refilter() {
        let words = LibraryBrowserState.fold(search.text).split(separator: " ").map(String.init)
        let selected = selectedAlbum?.id
        matches = albums.indices.filter { index in words.allSatisfy { searchKeys[index].contains($0) } }
        selection = matches.firstIndex { albums[$0].id == selected } ?? 0
        status = nil
    }

    private static func fold(_ text: String) -> String { TextFolding.searchKey(text) }

    private static func searchKey(_ album: AlbumChoice) -> String { fold("\(album.title) \(album.artist) \(album.folder)") }
}
