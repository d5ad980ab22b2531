package serve

import "time"

// Config is the server's settings (the flags of leaselab serve).
type Config struct {
	Addr        string        // where to listen
	HostKey     string        // the host key file, made (mode 0600) on first start
	TeacherKeys string        // authorized_keys of teachers
	StudentKeys string        // authorized_keys of the students allowed; "" lets anyone in
	MaxSessions int           // sessions at once; the next is refused with a reason
	Idle        time.Duration // a session with no key for this long is closed; 0: never
}

// Usage is the serve command's synopsis.
const Usage = "leaselab serve [--addr HOST:PORT] [--host-key FILE] [--teacher-keys FILE] [--student-keys FILE] [--max-sessions N] [--idle D]"
