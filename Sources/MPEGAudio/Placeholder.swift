// MPEGAudio
