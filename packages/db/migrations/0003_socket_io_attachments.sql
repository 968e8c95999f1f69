-- Large socket.io broadcasts between servers sharing one PostgreSQL travel through this table
-- (@socket.io/postgres-adapter and -emitter); small ones go through NOTIFY alone.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
