package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/charmbracelet/wish/activeterm"
	bm "github.com/charmbracelet/wish/bubbletea"
	"github.com/charmbracelet/wish/logging"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"

	"leaselab/cluster"
	"leaselab/scenarios/termsafe"
	"leaselab/ui"
)

// Server is leaselab serve: an SSH server whose every session is the whole TUI.
type Server struct {
	cfg      Config
	srv      *ssh.Server
	log      *log.Logger
	teachers keySet
	students keySet // nil: anyone may connect
	signer   gossh.Signer
	made     bool // the host key was made at this start

	conns atomic.Int64 // TCP connections open, authenticated or not

	mu       sync.Mutex
	sessions map[*session]struct{}
	bySess   map[ssh.Session]*session // for program, which wish's middleware calls with the ssh.Session
	seq      int
	class    *class
	closing  bool

	handshake time.Duration // handshakeTimeout when the server was made (tests shorten it)

	done chan struct{} // closed by Shutdown: every watcher stops
	wg   sync.WaitGroup
}

// New builds the server from its settings: the keys are read, the host key made if missing.
func New(cfg Config, logw io.Writer) (*Server, error) {
	// The log shows what clients send (user names, commands, TERM): escaped, it cannot drive
	// the terminal serve runs in.
	s := &Server{cfg: cfg, log: log.New(termsafe.NewWriter(logw), "leaselab serve: ", log.LstdFlags), sessions: map[*session]struct{}{}, bySess: map[ssh.Session]*session{}, handshake: handshakeTimeout, done: make(chan struct{})}
	var err error
	if s.teachers, err = loadKeys(cfg.TeacherKeys); err != nil {
		return nil, fmt.Errorf("--teacher-keys: %v", err)
	}
	if s.students, err = loadKeys(cfg.StudentKeys); err != nil {
		return nil, fmt.Errorf("--student-keys: %v", err)
	}
	if s.signer, s.made, err = hostKey(cfg.HostKey); err != nil {
		return nil, fmt.Errorf("--host-key: %v", err)
	}
	s.srv, err = wish.NewServer(
		wish.WithAddress(cfg.Addr),
		func(srv *ssh.Server) error { srv.AddHostKey(s.signer); return nil },
		wish.WithPublicKeyAuth(s.publicKey),
		wish.WithKeyboardInteractiveAuth(s.keyboardInteractive),
		func(srv *ssh.Server) error {
			// The server's cryptography reads the system's reader captured before any world
			// existed: while a world steps, crypto/rand.Reader is its seeded stream.
			srv.ServerConfigCallback = func(ssh.Context) *gossh.ServerConfig {
				return &gossh.ServerConfig{Config: gossh.Config{Rand: cluster.SystemRand()}, MaxAuthTries: 6}
			}
			srv.ConnCallback = s.onConn
			srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": boundedSession, "default": refuseChannel}
			srv.RequestHandlers = map[string]ssh.RequestHandler{"default": refuseRequest}
			srv.SubsystemHandlers = map[string]ssh.SubsystemHandler{"default": s.refuseSubsystem}
			srv.LocalPortForwardingCallback = nil
			srv.ReversePortForwardingCallback = nil
			return nil
		},
		// The session's handlers, innermost first: wish runs the last one first.
		wish.WithMiddleware(bm.MiddlewareWithProgramHandler(s.program, termenv.Ascii), s.gate, activeterm.Middleware(),
			s.commands, logging.MiddlewareWithLogger(lineLogger{s.log})),
	)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// HostKeyMade says the host key file was made at this start.
func (s *Server) HostKeyMade() bool { return s.made }

// Fingerprint is the host key's SHA256 fingerprint, for the start line.
func (s *Server) Fingerprint() string { return gossh.FingerprintSHA256(s.signer.PublicKey()) }

// onConn bounds connections before authentication: a flood of half-open connections cannot
// hold more than twice --max-sessions of them.
func (s *Server) onConn(ctx ssh.Context, c net.Conn) net.Conn {
	if s.conns.Add(1) > int64(2*s.cfg.MaxSessions) {
		s.conns.Add(-1)
		c.Close()
		return nil
	}
	cc := &countedConn{Conn: c, s: s}
	// A connection with no live session for handshakeTimeout (silent, stuck in login, logged
	// in and idle, or its sessions refused or ended) is closed: else such connections could
	// fill every slot.
	// mu until the timer is kept: with a short timeout, check could run before (a race).
	cc.mu.Lock()
	cc.timer = time.AfterFunc(s.handshake, cc.check)
	cc.mu.Unlock()
	ctx.SetValue(connKey{}, cc)
	return cc
}

type connKey struct{}

type countedConn struct {
	net.Conn
	s        *Server
	once     sync.Once
	live     atomic.Int32 // sessions running the lab on it
	closed   atomic.Bool
	channels atomic.Int32 // session channels open (maxChannels)
	mu       sync.Mutex
	timer    *time.Timer // under mu
}

func (c *countedConn) Close() error {
	c.once.Do(func() {
		c.closed.Store(true)
		c.s.conns.Add(-1)
		c.mu.Lock()
		c.timer.Stop()
		c.mu.Unlock()
	})
	return c.Conn.Close()
}

func (c *countedConn) check() {
	switch {
	case c.closed.Load():
	case c.live.Load() == 0:
		c.Close()
	default:
		c.mu.Lock()
		c.timer.Reset(c.s.handshake)
		c.mu.Unlock()
	}
}

// sessionLive counts sess as running the lab on its connection until the returned func.
func sessionLive(sess ssh.Session) func() {
	cc, ok := sess.Context().Value(connKey{}).(*countedConn)
	if !ok {
		return func() {}
	}
	cc.live.Add(1)
	return func() { cc.live.Add(-1) }
}

// lineLogger escapes each log line of the connection logger into one line, of at most
// maxLogLine bytes: it quotes what the client sent (user name, command, TERM), each up to
// the protocol's 256 KB.
type lineLogger struct{ l *log.Logger }

const maxLogLine = 1024

func (l lineLogger) Printf(format string, v ...any) {
	s := termsafe.Line(strings.TrimSuffix(fmt.Sprintf(format, v...), "\n"))
	if len(s) > maxLogLine {
		s = strings.ToValidUTF8(s[:maxLogLine], "") + "…"
	}
	l.l.Print(s)
}

// refuseChannel refuses every channel but a session: port forwarding (direct-tcpip), X11.
func refuseChannel(_ *ssh.Server, _ *gossh.ServerConn, ch gossh.NewChannel, _ ssh.Context) {
	why := "leaselab serve opens no " + ch.ChannelType() + " channels"
	if ch.ChannelType() == "direct-tcpip" {
		why = "port forwarding is off on leaselab serve"
	}
	ch.Reject(gossh.Prohibited, why)
}

// refuseRequest refuses global requests (remote port forwarding); the protocol has no room for
// a reason there: the client says the forwarding failed.
func refuseRequest(ssh.Context, *ssh.Server, *gossh.Request) (bool, []byte) { return false, nil }

func (s *Server) refuseSubsystem(sess ssh.Session) {
	defer drainWindows(sess)
	fmt.Fprintf(sess.Stderr(), "leaselab serve runs no subsystems (asked for %q): ssh -p PORT HOST opens the lab\r\n", sess.Subsystem())
	sess.Exit(1)
}

// Serve accepts connections on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error {
	if s.cfg.Idle > 0 {
		s.wg.Add(1)
		go s.watchIdle()
	}
	err := s.srv.Serve(ln)
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// ListenAndServe listens on the configured address.
func (s *Server) ListenAndServe() error {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return err
	}
	return s.Serve(ln)
}

// Shutdown closes every session with why on its screen, waits for them up to the context's
// deadline, then closes every connection and the listener.
func (s *Server) Shutdown(ctx context.Context, why string) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil
	}
	s.closing = true
	close(s.done)
	all := s.sessionsLocked()
	s.mu.Unlock()
	for _, se := range all {
		se.end(why)
	}
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for s.count() > 0 {
		select {
		case <-ctx.Done():
			s.srv.Close()
			s.wg.Wait()
			return nil
		case <-t.C:
		}
	}
	err := s.srv.Close()
	s.wg.Wait()
	return err
}

func (s *Server) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

func (s *Server) sessionsLocked() []*session {
	out := make([]*session, 0, len(s.sessions))
	for se := range s.sessions {
		out = append(out, se)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// watchIdle closes sessions idle longer than --idle, with a message.
func (s *Server) watchIdle() {
	defer s.wg.Done()
	every := min(max(s.cfg.Idle/4, 10*time.Millisecond), time.Second)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.done:
			return
		case now := <-t.C:
			s.mu.Lock()
			all := s.sessionsLocked()
			s.mu.Unlock()
			for _, se := range all {
				if now.Sub(time.Unix(0, se.active.Load())) > s.cfg.Idle {
					se.end(fmt.Sprintf("closed: no key for %v (--idle)", s.cfg.Idle))
				}
			}
		}
	}
}

// openClass opens the class on a teacher's Model; one class at a time.
func (s *Server) openClass(se *session, m *ui.Model, title string) (*class, error) {
	if !se.teacher {
		return nil, errors.New("only a teacher's key opens a class")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.class != nil {
		return nil, fmt.Errorf("a class is open already (%s, by %s)", s.class.title, s.class.teacher.user)
	}
	s.class = newClass(se, m, title)
	s.wakeAll()
	return s.class, nil
}

// wakeAll tells every session something changed (the menus show or drop the class).
func (s *Server) wakeAll() {
	for se := range s.sessions {
		se.wake()
	}
}

func (s *Server) closeClass(c *class) {
	s.mu.Lock()
	if s.class == c {
		s.class = nil
	}
	s.mu.Unlock()
	c.close()
	s.mu.Lock()
	s.wakeAll()
	s.mu.Unlock()
}

func (s *Server) openedClass() *class {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.class
}

// handshakeTimeout bounds how long a connection may stay without a live session: one that
// never finishes authenticating, never opens a session, or whose sessions ended, is closed.
var handshakeTimeout = 20 * time.Second

// Bounds on what one connection makes the server keep: the library keeps every env request
// until its session ends, and opens any number of session channels.
const (
	maxChannels = 8    // session channels open at once on one connection
	maxEnv      = 32   // env requests kept per session; more are refused
	maxEnvBytes = 4096 // an env request's size; a bigger one is refused
)

// boundedSession is the library's session handler with maxChannels and the env bounds.
func boundedSession(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	cc, _ := ctx.Value(connKey{}).(*countedConn)
	if cc != nil {
		if cc.channels.Add(1) > maxChannels {
			cc.channels.Add(-1)
			ch.Reject(gossh.ResourceShortage, fmt.Sprintf("leaselab serve: at most %d sessions on one connection", maxChannels))
			return
		}
		defer cc.channels.Add(-1)
	}
	ssh.DefaultSessionHandler(srv, conn, envBounded{ch}, ctx)
}

// envBounded bounds a session channel's requests: env (see maxEnv), and window-change before
// the session starts. The library hands each window-change to a one-slot channel that only the
// running program reads, and the pty request already fills that slot: a second change before
// the shell would park the library's request loop for good (the session, its goroutines and
// its state outliving the client). So until the shell (exec, subsystem) request, only the
// latest change is kept, and passed on after that request; drainWindows takes the changes
// nobody reads after the program.
type envBounded struct{ gossh.NewChannel }

func (c envBounded) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	raw, reqs, err := c.NewChannel.Accept()
	if err != nil {
		return raw, reqs, err
	}
	ch := newEarlyBounded(raw)
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		n := 0
		started := false
		var held *gossh.Request // the latest window-change before the start
		for r := range reqs {
			switch r.Type {
			case "env":
				if n++; n > maxEnv || len(r.Payload) > maxEnvBytes {
					r.Reply(false, nil)
					continue
				}
			case "window-change":
				if !started {
					r.Reply(true, nil)
					held = &gossh.Request{Type: r.Type, Payload: r.Payload} // wants no reply
					continue
				}
			case "shell", "exec", "subsystem":
				ch.start()
				out <- r
				if !started && held != nil {
					out <- held
				}
				started, held = true, nil
				continue
			}
			out <- r
		}
	}()
	return ch, out, nil
}

// drainWindows takes, until the session's requests end, the window changes its program no
// longer reads (it ended, or never ran: a refused command): see envBounded.
func drainWindows(sess ssh.Session) {
	if _, winch, _ := sess.Pty(); winch != nil {
		go func() {
			for range winch {
			}
		}()
	}
}

// Input a session channel may send before its shell starts: x/crypto/ssh keeps what arrives on
// a channel nobody reads up to its window, 2 MB, and nothing reads a session's input before
// its program runs; a connection's eight channels that never start would each hold 2 MB. So
// every session channel's input is read at once into a queue of its own: before the start
// at most maxEarlyInput (more closes the channel: a client's keys come after its shell), then
// at most maxQueued ahead of the program.
const (
	maxEarlyInput = 4 << 10
	maxQueued     = 32 << 10
)

// earlyBounded is a session channel whose input is read as it comes (see maxEarlyInput).
type earlyBounded struct {
	gossh.Channel
	mu      sync.Mutex
	cond    *sync.Cond
	q       []byte // read from the client, not yet by the session
	err     error  // the channel's read error, after q
	started bool
	closed  bool // Close was called: the pump stops waiting for the session to read
}

func newEarlyBounded(ch gossh.Channel) *earlyBounded {
	b := &earlyBounded{Channel: ch}
	b.cond = sync.NewCond(&b.mu)
	go b.pump()
	return b
}

func (b *earlyBounded) start() {
	b.mu.Lock()
	b.started = true
	b.cond.Broadcast()
	b.mu.Unlock()
}

func (b *earlyBounded) pump() {
	buf := make([]byte, 4096)
	for {
		b.mu.Lock()
		for b.started && len(b.q) >= maxQueued && !b.closed {
			b.cond.Wait()
		}
		b.mu.Unlock()
		n, err := b.Channel.Read(buf)
		b.mu.Lock()
		b.q = append(b.q, buf[:n]...)
		over := !b.started && len(b.q) > maxEarlyInput
		if over {
			b.q, err = nil, io.EOF
		}
		if err != nil {
			b.err = err
		}
		b.cond.Broadcast()
		b.mu.Unlock()
		if over {
			b.Channel.Close()
		}
		if err != nil {
			return
		}
	}
}

// Close closes the channel; a pump waiting for the session to read goes on to its end.
func (b *earlyBounded) Close() error {
	b.mu.Lock()
	b.closed = true
	b.cond.Broadcast()
	b.mu.Unlock()
	return b.Channel.Close()
}

// Read is the session's read of the client's input.
func (b *earlyBounded) Read(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for len(b.q) == 0 && b.err == nil {
		b.cond.Wait()
	}
	if len(b.q) == 0 {
		return 0, b.err
	}
	n := copy(p, b.q)
	b.q = b.q[n:]
	if len(b.q) == 0 {
		b.q = nil
	}
	b.cond.Broadcast()
	return n, nil
}
