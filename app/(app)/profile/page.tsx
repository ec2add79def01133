import type { Metadata } from "next";
import { CalendarFeeds } from "@/components/calendar/calendar-feeds";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { InvitationsCard } from "@/components/auth/invitations-card";
import { NotificationPreferencesForm } from "@/components/auth/notification-preferences";
import { ProfileCard } from "@/components/auth/profile-card";
import { ProfileNameForm } from "@/components/auth/profile-name-form";
import { SessionsList } from "@/components/auth/sessions-list";
import { callerToUser } from "@/lib/queries/auth";
import { fullName, roleLabel } from "@/lib/members/names";
import { Avatar } from "@/components/shell/user-badge";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { can } from "@/lib/auth/permissions";

export const metadata: Metadata = { title: "My Profile" };

/** Own name and email, name edit, password change, signed-in devices; invitations for admins. */
export default async function ProfilePage() {
  const caller = await requireSignedInPage();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex items-center gap-4">
        <Avatar firstName={caller.firstName} lastName={caller.lastName} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight text-slate-900">My Profile</h1>
          <p className="truncate text-sm text-slate-600">
            <span data-testid="profile-name">{fullName(caller.firstName, caller.lastName)}</span> ({roleLabel(caller.role)}) ·{" "}
            <span data-testid="profile-email">{caller.email}</span>
          </p>
        </div>
      </div>

      {caller.mustChangePassword ? (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
          Your administrator asked you to choose a new password. Please change it below.
        </p>
      ) : null}

      <ProfileCard id="profile-name" title="Your name" description="Shown in the header, on tasks and in time cards. To change your email, ask an administrator.">
        <ProfileNameForm initialUser={callerToUser(caller)} />
      </ProfileCard>

      <ProfileCard id="profile-password" title="Change password" description="Enter your current password to choose a new one. Your other devices are signed out afterwards.">
        <ChangePasswordForm />
      </ProfileCard>

      <ProfileCard id="profile-notifications" title="Notifications" description="The bell always shows them; choose which ones also come by e-mail or as a push notification on your devices.">
        <NotificationPreferencesForm />
      </ProfileCard>

      <ProfileCard
        id="profile-calendar-feeds"
        title="Calendar feeds"
        description="Subscribe your phone's or computer's calendar to your tasks and shifts. Each feed has its own secret address; revoke it if it leaks."
      >
        <CalendarFeeds />
      </ProfileCard>

      <ProfileCard id="profile-sessions" title="Signed-in devices" description="Where your account is signed in right now.">
        <SessionsList />
      </ProfileCard>

      {can(caller, "invitations.manage") ? (
        <ProfileCard
          id="profile-invitations"
          title="Invitations"
          description="New people need an invitation code to register. Each code works once."
        >
          <InvitationsCard />
        </ProfileCard>
      ) : null}
    </div>
  );
}
