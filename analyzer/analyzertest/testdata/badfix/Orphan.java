// The prefilter keeps files that mention a window.
class Orphan {
    void f() { a.other(); }
}
