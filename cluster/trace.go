package cluster

import (
	"bufio"
	"encoding/json"
	"io"
)

// jsonEvent is the JSON Lines shape of an Event: names instead of numbers, empty fields left out.
type jsonEvent struct {
	Seq     uint64 `json:"seq"`
	AtNS    int64  `json:"at_ns"`
	At      string `json:"at"`
	Kind    string `json:"kind"`
	Node    int    `json:"node,omitempty"`
	Peer    int    `json:"peer,omitempty"`
	Client  string `json:"client,omitempty"`
	Req     uint64 `json:"req,omitempty"`
	Msg     string `json:"msg,omitempty"`
	MsgTerm uint64 `json:"msg_term,omitempty"`
	MsgIdx  uint64 `json:"msg_index,omitempty"`
	Entries int    `json:"msg_entries,omitempty"`
	Reject  bool   `json:"msg_reject,omitempty"`
	Index   uint64 `json:"index,omitempty"`
	Term    uint64 `json:"term,omitempty"`
	Cmd     string `json:"cmd,omitempty"`
	Origin  string `json:"origin,omitempty"`
	Result  string `json:"result,omitempty"`
	Role    string `json:"role,omitempty"`
	Key     string `json:"key,omitempty"`
	Token   uint64 `json:"token,omitempty"`
	Reply   string `json:"reply,omitempty"`
	Text    string `json:"text,omitempty"`
	Detail  string `json:"detail,omitempty"`
}

// TraceWriter writes every event as one JSON object per line.
type TraceWriter struct {
	bw  *bufio.Writer
	enc *json.Encoder
	err error
}

// NewTraceWriter writes to out; call Flush at the end.
func NewTraceWriter(out io.Writer) *TraceWriter {
	bw := bufio.NewWriter(out)
	return &TraceWriter{bw: bw, enc: json.NewEncoder(bw)}
}

// Write records one event; the first error sticks and is returned by Flush.
func (t *TraceWriter) Write(e *Event) {
	if t.err != nil {
		return
	}
	j := jsonEvent{Seq: e.Seq, AtNS: int64(e.At), At: e.At.String(), Kind: e.Kind.String(), Node: e.Node,
		Peer: e.Peer, Client: e.Client, Req: e.Req, Index: e.Index, Term: e.Term, Role: string(e.Role),
		Key: e.Key, Token: e.Token, Reply: e.word(), Text: e.Text, Detail: e.Detail}
	if e.Kind == EvViolation {
		j.Detail = "" // an explanation derived from the history (check.ExplainHistory), not part of the run
	}
	if e.Kind.IsMessage() {
		j.Msg, j.MsgTerm, j.MsgIdx, j.Entries, j.Reject = e.Msg.Type.String(), e.Msg.Term, e.Msg.Index, e.Msg.Entries, e.Msg.Reject
	}
	if e.Cmd.Kind != 0 {
		j.Cmd = e.Cmd.String()
	}
	if e.Origin.Kind != OriginNone {
		j.Origin = e.Origin.String()
	}
	if e.Kind == EvApplied {
		j.Result = e.Result.String()
	}
	t.err = t.enc.Encode(j)
}

// Flush writes out what is buffered and reports the first error.
func (t *TraceWriter) Flush() error {
	if t.err != nil {
		return t.err
	}
	return t.bw.Flush()
}
