print("cdchanger")
