import { Navigate, Outlet } from 'react-router-dom'
import { readSession } from '../storage'

/** Protected routes need a stored user id and auth token; without them the person goes to /menu. */
export function ProtectedRoute() {
  return readSession() ? <Outlet /> : <Navigate to="/menu" replace />
}
