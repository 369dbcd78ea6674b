package lsp

import "sync"

// outbox sends the server's notifications (diagnostics, log messages) in
// the order they were made, on a goroutine of its own: the server posts
// them holding its lock, and a client slow to read must not hold it.
type outbox struct {
	mu    sync.Mutex
	queue []func()
	wake  chan struct{}
}

func newOutbox() *outbox { return &outbox{wake: make(chan struct{}, 1)} }

// post queues a send.
func (o *outbox) post(send func()) {
	o.mu.Lock()
	o.queue = append(o.queue, send)
	o.mu.Unlock()
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// loop sends what is posted until done.
func (o *outbox) loop(done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-o.wake:
		}
		for {
			o.mu.Lock()
			queue := o.queue
			o.queue = nil
			o.mu.Unlock()
			if len(queue) == 0 {
				break
			}
			for _, send := range queue {
				send()
			}
		}
	}
}
