// The prefilter keeps files that mention a window.
class Fail {
    void f() {
        a.flagMe();
        a.other(); // want "flagMe called"
        a.flagMe(); // want "a message that is never reported"
    }
}
