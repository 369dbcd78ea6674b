// The prefilter keeps files that mention a window.
class Fix {
    void f() {
        a.flagMe(); // want "flagMe called"
    }
}
