package serve

import (
	"crypto/ed25519"
	"encoding/pem"
	"errors"
	"fmt"
	"os"

	gossh "golang.org/x/crypto/ssh"

	"leaselab/cluster"
)

// hostKey reads the host key at path, or makes one (ed25519, from the system's reader, never
// a world's stream) and writes it there with mode 0600. A key file others may read is refused.
func hostKey(path string) (gossh.Signer, bool, error) {
	if b, err := os.ReadFile(path); err == nil {
		if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
			return nil, false, fmt.Errorf("%s: host key readable by others (mode %v): chmod 600 %s", path, fi.Mode().Perm(), path)
		}
		s, err := gossh.ParsePrivateKey(b)
		if err != nil {
			return nil, false, fmt.Errorf("%s: %v", path, err)
		}
		return s, false, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, false, err
	}
	_, priv, err := ed25519.GenerateKey(cluster.SystemRand())
	if err != nil {
		return nil, false, err
	}
	blk, err := gossh.MarshalPrivateKey(priv, "leaselab serve host key")
	if err != nil {
		return nil, false, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, false, err
	}
	if _, err := f.Write(pem.EncodeToMemory(blk)); err != nil {
		f.Close()
		return nil, false, err
	}
	if err := f.Close(); err != nil {
		return nil, false, err
	}
	s, err := gossh.NewSignerFromKey(priv)
	return s, true, err
}
