// The prefilter keeps files that mention a window.
class Pass {
    void f() {
        a.flagMe(); // want "flagMe called"
        a.flagMe(); a.flagMe(); // want `flag\w+ called` "^flagMe"
        a.other();
        // a.flagMe(); comments hold no calls
    }
}
