package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Main runs leaselab serve until SIGTERM or an interrupt: then every session is closed with a
// message and Main returns nil (exit status 0, a service's normal stop).
func Main(cfg Config, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	return Run(ctx, cfg, stdout, stderr)
}

// Run serves until ctx ends.
func Run(ctx context.Context, cfg Config, stdout, stderr io.Writer) error {
	s, err := New(cfg, stderr)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	made := ""
	if s.HostKeyMade() {
		made = ", made now"
	}
	teachers := "no teachers (--teacher-keys FILE names them)"
	if n := len(s.teachers); n > 0 {
		teachers = fmt.Sprintf("%d teacher key(s)", n)
	}
	fmt.Fprintf(stdout, "leaselab serve: listening on %s · host key %s (%s%s) · %s\n", ln.Addr(), s.Fingerprint(), cfg.HostKey, made, teachers)
	fmt.Fprintf(stdout, "students type:  %s\n", StudentCommand(ln.Addr().(*net.TCPAddr)))
	errc := make(chan error, 1)
	go func() { errc <- s.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	s.Shutdown(sctx, "the server is stopping: thank you for coming")
	<-errc
	fmt.Fprintln(stdout, "leaselab serve: stopped")
	return nil
}

// StudentCommand is what a student types to reach the server at a: its address, or for a
// server on every interface, this machine's first non-loopback address.
func StudentCommand(a *net.TCPAddr) string {
	host := a.IP.String()
	if a.IP.IsUnspecified() {
		host = "HOST"
		if addrs, err := net.InterfaceAddrs(); err == nil {
			for _, x := range addrs {
				if ip, ok := x.(*net.IPNet); ok && !ip.IP.IsLoopback() && ip.IP.To4() != nil {
					host = ip.IP.String()
					break
				}
			}
		}
	}
	if a.Port == 22 {
		return "ssh " + host
	}
	return fmt.Sprintf("ssh -p %d %s", a.Port, host)
}
