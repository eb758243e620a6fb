package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/backoff"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/protoadapt"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/grisonval/server/server/metrics"
	"github.com/grisonval/server/server/store"
)

// forwardedKey is the metadata key a replica sets on a call it forwards: the
// owner answers such a call itself, never forwards it again, and does not
// audit it (the replica that forwarded it did). secretKey carries the
// replicas' shared secret beside it: a call with forwardedKey and without
// the secret is refused (checkForwarded).
const (
	forwardedKey = metrics.ForwardedKey
	secretKey    = "grisonval-replica-secret"
)

// checkForwarded refuses a call that claims to come from a replica
// (forwardedKey) without the replicas' secret: a client cannot skip the
// audit or the forwarding by claiming to be a replica.
func (s *Server) checkForwarded(ctx context.Context) error {
	md, _ := metadata.FromIncomingContext(ctx)
	if len(md.Get(forwardedKey)) == 0 {
		return nil
	}
	secret := md.Get(secretKey)
	if s.cfg.Replica == nil || len(secret) != 1 ||
		subtle.ConstantTimeCompare([]byte(secret[0]), []byte(s.cfg.Replica.Secret)) != 1 {
		return refuse(reasonUnauthenticated, "", "the "+forwardedKey+" metadata is for the server's replicas, which send their shared secret with it")
	}
	return nil
}

// forwarder sends the calls for worlds that another replica runs to that
// replica, over gRPC, and relays its answer: a client may call any replica.
// It is safe for concurrent use.
type forwarder struct {
	s *Server

	mu    sync.Mutex // guards conns
	conns map[string]*grpc.ClientConn
}

func newForwarder(s *Server) *forwarder {
	return &forwarder{s: s, conns: make(map[string]*grpc.ClientConn)}
}

// close closes the connections to the other replicas.
func (f *forwarder) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for addr, c := range f.conns {
		c.Close()
		delete(f.conns, addr)
	}
}

// worldOf returns the world a call is about: the camp or spectator token's
// world, or the world_id of an admin request. ok is false for calls about
// no world in particular (CreateWorld, ListWorlds, health).
func worldOf(ctx context.Context, req any) (id uint64, ok bool) {
	p, authed := principalFrom(ctx)
	if !authed {
		return 0, false
	}
	if p.role == store.RoleCamp || p.role == store.RoleSpectator {
		return p.worldID, true
	}
	if r, isWorld := req.(interface{ GetWorldId() uint64 }); isWorld && r.GetWorldId() != 0 {
		return r.GetWorldId(), true
	}
	return 0, false
}

// route returns the connection to the owner of world id, or nil when the
// call is to be served here: the world runs here, or does not exist (the
// handler says so).
func (f *forwarder) route(ctx context.Context, id uint64) (*grpc.ClientConn, error) {
	if r, err := f.s.world(id); err == nil && r.running() {
		return nil, nil
	}
	if len(metadata.ValueFromIncomingContext(ctx, forwardedKey)) > 0 {
		// The sender believed this replica runs the world; it no longer does.
		return nil, worldMoved(id)
	}
	l, err := f.s.cfg.Store.(store.Leaser).LeaseOf(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		if _, err := f.s.cfg.Store.World(ctx, id); errors.Is(err, store.ErrNotFound) {
			return nil, worldNotFound(id)
		}
	} else if err != nil {
		return nil, toStatus(f.s.log, fmt.Errorf("read lease of world %d: %w", id, err))
	}
	if err != nil || !l.Live || l.Owner == f.s.cfg.Replica.Addr {
		return nil, f.noOwner(id)
	}
	return f.conn(l.Owner)
}

// noOwner answers a call about world id while no server runs it: its owner
// died or handed it over, and another replica takes it within the
// heartbeat's time (the lease's, on a store without heartbeats). The
// RetryInfo says when to call again.
func (f *forwarder) noOwner(id uint64) error {
	within := f.s.leaseTTL()
	if _, ok := f.s.cfg.Store.(leaseBatcher); ok {
		within = f.s.heartbeatTTL()
	}
	st := status.New(codes.Unavailable, fmt.Sprintf("world %d is moving to another server: one takes it over within %s; call again", id, within))
	details := []protoadapt.MessageV1{
		&errdetails.ErrorInfo{Reason: reasonNoOwner.Code(), Domain: errorDomain},
		// As often as the replicas look at each other's heartbeats.
		&errdetails.RetryInfo{RetryDelay: durationpb.New(within / 4)},
	}
	if withDetails, err := st.WithDetails(details...); err == nil {
		st = withDetails
	}
	return st.Err()
}

// conn returns the connection to the replica at addr.
func (f *forwarder) conn(addr string) (*grpc.ClientConn, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.conns[addr]; ok {
		return c, nil
	}
	transport := f.s.cfg.Replica.Transport
	if transport == nil {
		transport = grpc.WithTransportCredentials(insecure.NewCredentials())
	}
	// A replica that restarts is dialled again within a second, not after
	// gRPC's default backoff (up to two minutes): it runs worlds again at
	// once.
	backoffs := grpc.WithConnectParams(grpc.ConnectParams{
		Backoff:           backoff.Config{BaseDelay: 50 * time.Millisecond, Multiplier: 1.6, Jitter: 0.2, MaxDelay: time.Second},
		MinConnectTimeout: time.Second,
	})
	c, err := grpc.NewClient(addr, transport, backoffs)
	if err != nil {
		return nil, toStatus(f.s.log, fmt.Errorf("dial replica %s: %w", addr, err))
	}
	f.conns[addr] = c
	return c, nil
}

// outgoing returns the context of a forwarded call: the caller's token, and
// the forwarding mark.
func (f *forwarder) outgoing(ctx context.Context) context.Context {
	md := metadata.Pairs(forwardedKey, f.s.cfg.Replica.Addr, secretKey, f.s.cfg.Replica.Secret)
	if in, ok := metadata.FromIncomingContext(ctx); ok {
		md.Set("authorization", in.Get("authorization")...)
	}
	return metadata.NewOutgoingContext(ctx, md)
}

// unary forwards a unary call about a world run elsewhere.
func (f *forwarder) unary(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
	id, ok := worldOf(ctx, req)
	if !ok {
		return handler(ctx, req)
	}
	conn, err := f.route(ctx, id)
	if err != nil {
		return nil, err
	}
	if conn == nil {
		return handler(ctx, req)
	}
	reply, err := newMessage(info.FullMethod, false)
	if err != nil {
		return nil, toStatus(f.s.log, err)
	}
	if err := conn.Invoke(f.outgoing(ctx), info.FullMethod, req, reply); err != nil {
		return nil, f.forwardError(id, err)
	}
	return reply, nil
}

// stream forwards a server-streaming call (WatchTicks) about a world run
// elsewhere: one request, then every message of the owner's stream.
func (f *forwarder) stream(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
	ctx := ss.Context()
	id, ok := worldOf(ctx, nil)
	if !ok || info.IsClientStream {
		return handler(srv, ss)
	}
	conn, err := f.route(ctx, id)
	if err != nil {
		return err
	}
	if conn == nil {
		return handler(srv, ss)
	}
	req, err := newMessage(info.FullMethod, true)
	if err != nil {
		return toStatus(f.s.log, err)
	}
	if err := ss.RecvMsg(req); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(f.outgoing(ctx))
	defer cancel()
	cs, err := conn.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true}, info.FullMethod)
	if err != nil {
		return f.forwardError(id, err)
	}
	if err := cs.SendMsg(req); err != nil {
		return f.forwardError(id, err)
	}
	if err := cs.CloseSend(); err != nil {
		return f.forwardError(id, err)
	}
	for {
		msg, err := newMessage(info.FullMethod, false)
		if err != nil {
			return toStatus(f.s.log, err)
		}
		if err := cs.RecvMsg(msg); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return f.forwardError(id, err)
		}
		if err := ss.SendMsg(msg); err != nil {
			return err
		}
	}
}

// forwardError relays the owner's answer about world id: its status, when
// the owner gave one (every status of the server carries an ErrorInfo of
// its domain), or the caller's own end (a deadline, a cancellation). An
// owner that cannot be reached (gRPC's own Unavailable, whose message names
// the owner's address) is answered as a world without a server: its
// owner died or is stopping, and another replica takes it over.
func (f *forwarder) forwardError(id uint64, err error) error {
	st, ok := status.FromError(err)
	if ok && (fromServer(st) || st.Code() == codes.DeadlineExceeded || st.Code() == codes.Canceled) {
		return st.Err()
	}
	if ok && st.Code() != codes.Unavailable {
		f.s.log.Warn().Uint64("world", id).Err(err).Msg("forwarded call failed")
		return refuse(reasonUnavailable, "", "the world's server did not answer; call again")
	}
	return f.noOwner(id)
}

// fromServer reports whether st is a status a Grisonval server made: it
// carries an ErrorInfo of the server's domain.
func fromServer(st *status.Status) bool {
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetDomain() == errorDomain {
			return true
		}
	}
	return false
}

// newMessage returns an empty request (input) or response message of the
// gRPC method fullMethod ("/package.Service/Method").
func newMessage(fullMethod string, input bool) (proto.Message, error) {
	service, method, ok := strings.Cut(strings.TrimPrefix(fullMethod, "/"), "/")
	if !ok {
		return nil, fmt.Errorf("forward %s: not a method name", fullMethod)
	}
	d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(service))
	if err != nil {
		return nil, fmt.Errorf("forward %s: %w", fullMethod, err)
	}
	sd, ok := d.(protoreflect.ServiceDescriptor)
	if !ok {
		return nil, fmt.Errorf("forward %s: %s is not a service", fullMethod, service)
	}
	md := sd.Methods().ByName(protoreflect.Name(method))
	if md == nil {
		return nil, fmt.Errorf("forward %s: no such method", fullMethod)
	}
	msg := md.Output()
	if input {
		msg = md.Input()
	}
	mt, err := protoregistry.GlobalTypes.FindMessageByName(msg.FullName())
	if err != nil {
		return nil, fmt.Errorf("forward %s: %w", fullMethod, err)
	}
	return mt.New().Interface(), nil
}
