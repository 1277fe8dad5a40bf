@testable import Playback
import Testing
