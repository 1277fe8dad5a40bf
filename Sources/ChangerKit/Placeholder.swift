// ChangerKit
