// MusicLibrary
