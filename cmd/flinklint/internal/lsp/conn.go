package lsp

import (
	"context"
	"errors"
	"io"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// codec is protocol's JSON codec (the package keeps its own unexported):
// the conn hands raw messages through as they are.
type codec struct{}

func (codec) Marshal(v any) ([]byte, error) {
	if m, ok := v.(jsonrpc2.RawMessage); ok {
		return m, nil
	}
	return protocol.Marshal(v)
}

func (codec) Unmarshal(b []byte, v any) error { return protocol.Unmarshal(b, v) }

// tolerant answers a frame that is not JSON, or not a JSON-RPC message,
// with a parse error (id null) and reads on: jsonrpc2 alone ends the
// connection, and with it the editor's diagnostics. A broken
// Content-Length header still ends it, since the framing is lost.
type tolerant struct{ jsonrpc2.Stream }

type frameWriter interface {
	WriteFrame(context.Context, []byte) (int64, error)
}

const parseError = `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"flinklint: the message is not JSON-RPC"}}`

func (t tolerant) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		m, n, err := t.Stream.Read(ctx)
		if errors.Is(err, jsonrpc2.ErrParse) || errors.Is(err, jsonrpc2.ErrInvalidRequest) {
			if fw, ok := t.Stream.(frameWriter); ok {
				_, _ = fw.WriteFrame(ctx, []byte(parseError))
			}
			continue
		}
		return m, n, err
	}
}

// pipe joins a reader and a writer into the connection the header
// stream wants. Closing it closes the reader, which ends the read loop;
// the writer (stdout) stays open for what is still to be written.
type pipe struct {
	io.Reader
	io.Writer
}

func (p pipe) Close() error {
	if c, ok := p.Reader.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
