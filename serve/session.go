package serve

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
	"leaselab/ui"
)

// Frame rates: a teacher's screen (often the projector) redraws at up to 30 a second like the
// local TUI; a student's own at up to 10 (bubbletea v1's renderer wakes at its rate even when
// nothing changed). A follower's screen is the class's frames, at most followerHz a second.
const (
	teacherFPS = 30
	studentFPS = 10
)

// session is one SSH session: its program, its role, its mailbox.
type session struct {
	id      int
	user    string
	teacher bool
	srv     *Server
	sess    ssh.Session
	active  atomic.Int64 // wall time of the last key, unix ns (--idle)
	model   atomic.Pointer[ui.Model]
	scr     *screen // its output: the renderer's, or the class's frames while following

	in   *input // its keyboard (the program's input)
	root *root

	mu   sync.Mutex
	prog *tea.Program
	bye  string // why the server closed it, shown after the program ends
	eof  bool   // the client closed its input

	lastFork time.Time // its last fork of the class (mayFork; its program's goroutine only)
	lastOpen time.Time // its last opening from the menu (mayOpen; likewise)

	// kick wakes the session's pump to send it one kickMsg: a slot of one, so a session that
	// is slow to take messages gets the latest news once, never a queue (latest frame wins).
	kick chan struct{}
	stop chan struct{}
}

// kickMsg tells a session's root its class moved (or a tally changed).
type kickMsg struct{}

// endMsg asks the program to stop because the server closes the session.
type endMsg struct{}

// wake asks for a kickMsg without ever blocking.
func (se *session) wake() {
	select {
	case se.kick <- struct{}{}:
	default:
	}
}

// pump delivers kicks. Program.Send blocks while the program is busy (its renderer writes to
// a stalled client holding its lock), so only this goroutine waits for a slow client.
func (se *session) pump() {
	for {
		select {
		case <-se.stop:
			return
		case <-se.kick:
			se.mu.Lock()
			p := se.prog
			se.mu.Unlock()
			if p != nil {
				p.Send(kickMsg{})
			}
		}
	}
}

// end closes the session from the server's side, with why on the client's screen. It never
// blocks: a client that never reads is cut off after a grace period.
func (se *session) end(why string) {
	se.mu.Lock()
	if se.bye != "" { // being closed already
		se.mu.Unlock()
		return
	}
	se.bye = why
	p := se.prog
	se.mu.Unlock()
	go func() {
		if p != nil {
			p.Send(endMsg{}) // returns once the program has ended, whatever it was doing
		}
	}()
	go func() {
		select {
		case <-se.stop:
		case <-time.After(2 * time.Second):
			se.sess.Close() // a stalled client: the program's writes fail and it ends
		}
	}()
}

// The session's handlers, wish middlewares, outermost first (see New): logging, commands
// (what the client asked to run), activeterm (a terminal is required), the gate (slots, the
// session's life), then wish's bubbletea middleware, which runs the program program makes.

// commands refuses what a session may not run before anything else: a command that is not
// `play NAME` with a bundled lesson's name. A client without a terminal is told to add -t;
// activeterm then refuses it.
func (s *Server) commands(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		defer drainWindows(sess) // after the program: nobody else reads them
		if ssh.AgentRequested(sess) {
			fmt.Fprint(sess.Stderr(), "leaselab serve refuses agent forwarding: it never uses your agent\r\n")
		}
		if sess.Subsystem() != "" {
			return
		}
		if _, err := commandLesson(sess.Command()); err != nil {
			fmt.Fprintf(sess.Stderr(), "%s\r\n", err)
			sess.Exit(1)
			return
		}
		if _, _, ok := sess.Pty(); !ok {
			fmt.Fprint(sess.Stderr(), "leaselab needs a terminal: ssh -t -p PORT HOST (play LESSON)\r\n")
		}
		next(sess)
	}
}

// gate gives a session its slot (or refuses it: full, stopping) and ends it: its class left,
// the reason the server closed it on screen. A panic outside the program ends it alone.
func (s *Server) gate(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		se := &session{user: shownName(sess.User()), srv: s, sess: sess, teacher: s.isTeacher(sess), scr: &screen{w: sess},
			kick: make(chan struct{}, 1), stop: make(chan struct{})}
		se.active.Store(time.Now().UnixNano())
		s.mu.Lock()
		switch {
		case s.closing:
			s.mu.Unlock()
			fmt.Fprint(sess.Stderr(), "leaselab serve is stopping\r\n")
			sess.Exit(1)
			return
		case len(s.sessions) >= s.cfg.MaxSessions:
			s.mu.Unlock()
			fmt.Fprintf(sess.Stderr(), "leaselab serve is full: %d sessions (--max-sessions); try again later\r\n", s.cfg.MaxSessions)
			sess.Exit(1)
			return
		}
		s.seq++
		se.id = s.seq
		s.sessions[se] = struct{}{}
		s.bySess[sess] = se
		s.mu.Unlock()
		defer sessionLive(sess)()
		go se.pump()
		defer func() {
			if r := recover(); r != nil { // a panic outside the program: this session only
				s.log.Printf("session %d (%s): panic: %v\n%s", se.id, se.user, r, debug.Stack())
				se.mu.Lock()
				se.bye = "internal error: this session ends (the server goes on)"
				se.mu.Unlock()
			}
			close(se.stop)
			if se.in != nil {
				se.in.Close()
			}
			s.mu.Lock()
			delete(s.sessions, se)
			delete(s.bySess, sess)
			s.mu.Unlock()
			se.mu.Lock()
			bye := se.bye
			se.mu.Unlock()
			if bye != "" {
				fmt.Fprintf(sess, "\r\nleaselab: %s\r\n", bye)
			}
			sess.Exit(0)
		}()
		next(sess)
		if rt := se.root; rt != nil {
			rt.leaveClass()
			if rt.bye != "" {
				se.mu.Lock()
				se.bye = rt.bye
				se.mu.Unlock()
			}
		}
	}
}

// maxName bounds a user name as a session keeps and shows it (the protocol allows about
// 256 KB): a class's teacher line lists its members' names at every frame, and 200 names of
// 64 KB each made that line 13 MB, 30 times a second.
const maxName = 32

// shownName is a user name escaped (control and bidi characters) and cut to maxName cells.
func shownName(u string) string { return ansi.Truncate(termsafe.Line(u), maxName, "…") }

// commandLesson reads the command a client asked for: none (the menu) or `play NAME` with the
// name of a bundled lesson. A path is refused: a parse error would quote the file's lines.
func commandLesson(cmd []string) (*scenarios.Lesson, error) {
	if len(cmd) == 0 {
		return nil, nil
	}
	names := lessonNames()
	if len(cmd) == 2 && cmd[0] == "play" {
		for _, l := range scenarios.Lessons() {
			if l.Name == cmd[1] {
				return &l, nil
			}
		}
		return nil, fmt.Errorf("leaselab serve: no lesson %q (only bundled lessons, by name: %s)", termsafe.Line(cmd[1]), names)
	}
	return nil, fmt.Errorf("leaselab serve runs no commands (asked for %q): ssh -t -p PORT HOST play LESSON plays a lesson (%s)",
		termsafe.Line(strings.Join(cmd, " ")), names)
}

func lessonNames() string {
	var out []string
	for _, l := range scenarios.Lessons() {
		out = append(out, l.Name)
	}
	return strings.Join(out, ", ")
}

// program makes the session's one bubbletea program (wish's bubbletea middleware runs it):
// the menu and whatever it opens, drawn with the session's own renderer.
func (s *Server) program(sess ssh.Session) *tea.Program {
	s.mu.Lock()
	se := s.bySess[sess]
	s.mu.Unlock()
	if se == nil {
		return nil
	}
	lesson, _ := commandLesson(sess.Command()) // commands refused anything else
	se.in = newInput(sess, se.inputEnded)
	r := se.renderer()
	root := newRoot(se, r)
	se.root = root
	if lesson != nil {
		root.direct = true
		root.openLesson(lesson.Name, false)
	}
	fps := studentFPS
	if se.teacher {
		fps = teacherFPS
	}
	p := tea.NewProgram(root, tea.WithInput(se.in), tea.WithOutput(se.scr), tea.WithAltScreen(), tea.WithMouseCellMotion(),
		tea.WithFPS(fps), tea.WithoutSignalHandler())
	se.mu.Lock()
	defer se.mu.Unlock()
	if se.bye != "" || se.eof {
		return nil
	}
	se.prog = p
	return p
}

// inputEnded: the client closed its input (or the connection): the program ends, as q would.
func (se *session) inputEnded() {
	se.mu.Lock()
	se.eof = true
	p := se.prog
	se.mu.Unlock()
	if p != nil {
		go p.Send(endMsg{})
	}
}

// A client's window is bounded: a frame's cost grows with its cells, and a 10000x10000 window
// would make every frame of that session hundreds of MB. A bigger window shows this much.
const (
	maxWidth  = 500
	maxHeight = 200
)

func clampWindow(w, h int) tea.WindowSizeMsg {
	return tea.WindowSizeMsg{Width: min(max(w, 1), maxWidth), Height: min(max(h, 1), maxHeight)}
}

// renderer is the session's own lipgloss renderer: its colour profile from the client's TERM
// (and COLORTERM, NO_COLOR if sent), its background from the terminal's answer to the query
// (dark if it does not answer within bgWait; see input).
func (se *session) renderer() *lipgloss.Renderer {
	pty, _, ok := se.sess.Pty()
	if !ok || pty.Term == "" || pty.Term == "dumb" {
		r := lipgloss.NewRenderer(se.sess, termenv.WithProfile(termenv.Ascii))
		r.SetHasDarkBackground(true) // else an adaptive colour asks the terminal, and waits
		return r
	}
	env := envOf(append(se.sess.Environ(), "TERM="+pty.Term))
	r := lipgloss.NewRenderer(se.sess, termenv.WithEnvironment(env), termenv.WithUnsafe(), termenv.WithColorCache(true))
	if env.Getenv("NO_COLOR") != "" {
		r.SetColorProfile(termenv.Ascii)
	}
	dark := true
	if r.ColorProfile() != termenv.Ascii {
		io.WriteString(se.sess, bgQuery)
		dark, _ = se.in.background()
	}
	r.SetHasDarkBackground(dark)
	return r
}

type envOf []string

func (e envOf) Environ() []string { return e }

func (e envOf) Getenv(k string) string {
	for i := len(e) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(e[i], k+"="); ok {
			return v
		}
	}
	return ""
}
