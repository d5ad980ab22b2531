package serve

import (
	"bytes"
	"fmt"
	"os"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// roleExt is the permission extension the public-key callback attaches for a teacher's key.
// x/crypto/ssh keeps, on the authenticated connection, the permissions returned for the key
// that was actually verified (a signature checked), so a client that only offers a teacher's
// public key, then logs in otherwise, is not a teacher (CVE-2024-45337).
const roleExt = "leaselab-teacher"

// keySet is an authorized_keys file's keys.
type keySet [][]byte

func loadKeys(path string) (keySet, error) {
	if path == "" {
		return nil, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ks keySet
	line := 0
	for rest := b; len(bytes.TrimSpace(rest)) > 0; {
		line++
		k, _, _, r, err := gossh.ParseAuthorizedKey(rest)
		if err != nil {
			return nil, fmt.Errorf("%s: key %d: %v", path, line, err)
		}
		ks = append(ks, k.Marshal())
		rest = r
	}
	if len(ks) == 0 {
		return nil, fmt.Errorf("%s: no keys", path)
	}
	return ks, nil
}

func (ks keySet) has(k ssh.PublicKey) bool {
	if k == nil {
		return false
	}
	m := k.Marshal()
	for _, x := range ks {
		if bytes.Equal(x, m) {
			return true
		}
	}
	return false
}

// publicKey accepts any key (a student) unless --student-keys limits them; a teacher's key
// gets the role in the permissions it returns.
func (s *Server) publicKey(ctx ssh.Context, key ssh.PublicKey) bool {
	teacher := s.teachers.has(key)
	if !teacher && s.students != nil && !s.students.has(key) {
		return false
	}
	if teacher {
		p := ctx.Permissions()
		if p.Extensions == nil {
			p.Extensions = map[string]string{}
		}
		p.Extensions[roleExt] = "1"
	}
	return true
}

// keyboardInteractive lets a student with no key in, asking nothing; it is off when
// --student-keys limits who may connect.
func (s *Server) keyboardInteractive(ssh.Context, gossh.KeyboardInteractiveChallenge) bool {
	return s.students == nil
}

// isTeacher reads the role from the authenticated connection's permissions, and checks the key
// those permissions carry is a teacher's.
func (s *Server) isTeacher(sess ssh.Session) bool {
	p := sess.Permissions()
	if p.Permissions == nil || p.Extensions[roleExt] != "1" {
		return false
	}
	return s.teachers.has(sess.PublicKey())
}
