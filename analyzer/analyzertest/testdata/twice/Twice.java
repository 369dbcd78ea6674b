// The prefilter keeps files that mention a window.
class Twice {
    void f() {
        a.flagMe(); // want "flagMe called"
    }
}
