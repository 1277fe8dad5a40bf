// Playback
