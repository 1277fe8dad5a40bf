// ChangerIntents
