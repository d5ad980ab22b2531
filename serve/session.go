package serve

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/muesli/termenv"

	"leaselab/scenarios"
	"leaselab/scenarios/termsafe"
	"leaselab/ui"
)

// Frame rates: a teacher's screen (often the projector) redraws at up to 30 a second like the
// local TUI; a student's at up to 10 (bubbletea v1's renderer wakes at its rate even when
// nothing changed, so fewer wakes are most of a follower's cost).
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

	mu   sync.Mutex
	prog *tea.Program
	bye  string // why the server closed it, shown after the program ends

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

// handle is the session handler (a wish middleware at the end of the chain).
func (s *Server) handle(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		s.session(sess)
		next(sess)
	}
}

func (s *Server) session(sess ssh.Session) {
	se := &session{user: sess.User(), srv: s, sess: sess, teacher: s.isTeacher(sess), scr: &screen{w: sess},
		kick: make(chan struct{}, 1), stop: make(chan struct{})}
	se.active.Store(time.Now().UnixNano())
	if ssh.AgentRequested(sess) {
		fmt.Fprint(sess.Stderr(), "leaselab serve refuses agent forwarding: it never uses your agent\r\n")
	}
	if sess.Subsystem() != "" {
		return
	}
	lesson, err := commandLesson(sess.Command())
	if err != nil {
		fmt.Fprintf(sess.Stderr(), "%s\r\n", err)
		sess.Exit(1)
		return
	}
	if _, _, ok := sess.Pty(); !ok {
		fmt.Fprint(sess.Stderr(), "leaselab needs a terminal: ssh -t -p PORT HOST (play LESSON)\r\n")
		sess.Exit(1)
		return
	}
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
		s.mu.Lock()
		delete(s.sessions, se)
		s.mu.Unlock()
		se.mu.Lock()
		bye := se.bye
		se.mu.Unlock()
		if bye != "" {
			fmt.Fprintf(sess, "\r\nleaselab: %s\r\n", bye)
		}
		sess.Exit(0)
	}()
	s.runProgram(se, lesson)
}

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

// runProgram runs the session's one bubbletea program: the menu and whatever it opens.
func (s *Server) runProgram(se *session, lesson *scenarios.Lesson) {
	r := makeRenderer(se.sess)
	root := newRoot(se, r)
	if lesson != nil {
		root.direct = true
		root.openLesson(lesson.Name, false)
	}
	fps := studentFPS
	if se.teacher {
		fps = teacherFPS
	}
	opts := append([]tea.ProgramOption{tea.WithInput(se.sess), tea.WithOutput(se.scr)}, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithFPS(fps),
		tea.WithoutSignalHandler())
	p := tea.NewProgram(root, opts...)
	se.mu.Lock()
	se.prog = p
	bye := se.bye
	se.mu.Unlock()
	if bye != "" {
		return
	}
	_, windows, _ := se.sess.Pty()
	go func() { // window changes, forwarded the way the wish middleware does
		for {
			select {
			case <-se.stop:
				return
			case w, ok := <-windows:
				if !ok {
					return
				}
				p.Send(clampWindow(w.Width, w.Height))
			}
		}
	}()
	if _, err := p.Run(); err != nil {
		s.log.Printf("session %d (%s): %v", se.id, se.user, err)
	}
	p.Kill()
	root.leaveClass()
	if root.bye != "" {
		se.mu.Lock()
		se.bye = root.bye
		se.mu.Unlock()
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

// makeRenderer is the session's own lipgloss renderer, its colour profile from the client's
// TERM (and COLORTERM, NO_COLOR if sent). It is wish's bubbletea.MakeRenderer without the
// background-colour query, which waits for an answer a client may never send (x/crypto/ssh
// clients, scripts): the background is taken as dark, as most terminals are.
func makeRenderer(sess ssh.Session) *lipgloss.Renderer {
	pty, _, ok := sess.Pty()
	if !ok || pty.Term == "" || pty.Term == "dumb" {
		r := lipgloss.NewRenderer(sess, termenv.WithProfile(termenv.Ascii))
		r.SetHasDarkBackground(true) // else an adaptive colour asks the terminal, and waits
		return r
	}
	env := envOf(append(sess.Environ(), "TERM="+pty.Term))
	r := lipgloss.NewRenderer(sess, termenv.WithEnvironment(env), termenv.WithUnsafe(), termenv.WithColorCache(true))
	if env.Getenv("NO_COLOR") != "" {
		r.SetColorProfile(termenv.Ascii)
	}
	r.SetHasDarkBackground(true)
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
