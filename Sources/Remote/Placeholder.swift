// Remote
