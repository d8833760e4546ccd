import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ComplaintForm, type ComplaintSubmittedDetail } from '@gjj-hall/widgets';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import './complaint.css';

/**
 * /complaintJYAdd: the complaint form (the ComplaintForm widget with the hall's client, so a signed-in person's
 * complaint is their own). After success a signed-in person goes to its detail; an anonymous sender sees the
 * reference number in the form's panel and is told to keep it.
 */
export function ComplaintAddPage() {
  usePageTitle('我要投诉建议');
  const signedIn = useStore(stores.session.$signedIn);
  const navigate = useNavigate();
  const [anonymous, setAnonymous] = useState<ComplaintSubmittedDetail | null>(null);
  const submitted = (detail: ComplaintSubmittedDetail) => {
    if (stores.session.$signedIn.get()) navigate(`/complaintJYInfo?id=${encodeURIComponent(detail.id)}`, { replace: true });
    else setAnonymous(detail);
  };
  return (
    <section className="page" aria-labelledby="complaint-add-title">
      <h1 id="complaint-add-title">我要投诉建议</h1>
      <p className="page__lead">请选择类型和责任部门并写明您的意见，中心将及时处理并回复。带 * 的为必填项。</p>
      {!signedIn && !anonymous ? (
        <p className="complaint-note">
          您当前未登录：提交后请记下受理编号；填写了联系电话的，可凭受理编号和联系电话在<Link to="/complaintQuery">投诉建议查询</Link>
          中查看办理情况和中心回复，也可拨打 12329 服务热线查询。
          <Link to="/login">登录</Link>后提交，可在“我的投诉建议”中查看办理情况和中心回复。
        </p>
      ) : null}
      {anonymous ? (
        <p className="complaint-note" role="status">
          您未登录，这条投诉建议不会出现在“我的投诉建议”中。请牢记受理编号 {anonymous.sqbh}，凭此编号和您填写的联系电话在
          <Link to="/complaintQuery">投诉建议查询</Link>中查看办理情况，或拨打 12329 服务热线查询。
        </p>
      ) : null}
      <ComplaintForm client={client} onSubmitted={submitted} />
      <p className="complaint-actions">
        <Link className="btn" to="/complaintJY">
          返回列表
        </Link>
      </p>
    </section>
  );
}

export default ComplaintAddPage;
