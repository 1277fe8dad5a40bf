import Testing
@testable import Dashboard

/// The editable line under the prompt bar, the search field and the name field.
@Suite struct TextFieldTests {
    @Test func insertsAtTheCursorAndDeletesAroundIt() {
        var field = TextField("play disc")
        field.moveLeft(); field.moveLeft(); field.moveLeft(); field.moveLeft()
        field.insert("the ")
        #expect(field.text == "play the disc")
        field.deleteBackward()
        #expect(field.text == "play thedisc")
        field.deleteForward()
        #expect(field.text == "play theisc")
        field.moveToEnd()
        field.deleteWordBackward()
        #expect(field.text == "play ")
        field.deleteToStart()
        #expect(field.text.isEmpty && field.cursor == 0)
    }

    @Test func editingKeys() {
        var field = TextField()
        for key: Key in [.character("a"), .character("b"), .character("c"), .home, .delete, .end, .backspace, .left, .character("x")] {
            let applied = field.apply(key)
            #expect(applied)
        }
        #expect(field.text == "xb")
        #expect(field.cursor == 1)
        let up = field.apply(.up)
        #expect(!up)
        let kill = field.apply(.control("k"))
        #expect(kill)
        #expect(field.text == "x")
    }

    @Test func theVisiblePartFollowsTheCursor() {
        var field = TextField("abcdefghij")
        let end = field.visible(width: 5)
        #expect(end.text == "ghij")
        #expect(end.cursorColumn == 4)
        field.moveToStart()
        let start = field.visible(width: 5)
        #expect(start.text == "abcde")
        #expect(start.cursorColumn == 0)
    }

    @Test func wideCharactersCountTwoColumnsForTheCursor() {
        let field = TextField("東京")
        #expect(field.visible(width: 10).cursorColumn == 4)
        #expect(field.visible(width: 3).text == "京")
    }
}
