// IntentKit
